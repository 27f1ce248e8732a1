#ifndef RENDERSRV_CSYSTEM_H
#define RENDERSRV_CSYSTEM_H
/* What Glibc, as imported by Swift, hides behind _GNU_SOURCE or in macros. */
#include <stdint.h>
#include <sys/types.h>

/* timerfd with absolute CLOCK_MONOTONIC deadlines. Returns the fd or -errno. */
int csys_timerfd_create(void);
/* Arms the timer to fire at `deadline_ns` (CLOCK_MONOTONIC, absolute). 0 or -errno. */
int csys_timerfd_set_absolute(int fd, int64_t deadline_ns);
/* Reads the expiration count; 0 if none pending (EAGAIN), -errno on error. */
int64_t csys_timerfd_read(int fd);
/* Disarms the timer (no wake-ups until it is set again). 0 or -errno. */
int csys_timerfd_disarm(int fd);
/* SIGPIPE ignored process-wide: a write to a socket whose client left fails with EPIPE
   instead of killing the process (libuv writes with write(2), not MSG_NOSIGNAL). */
void csys_ignore_sigpipe(void);
/* Pins process `pid` (0: the caller) to CPU `cpu`. 0 or -errno. */
int csys_pin_to_cpu(int pid, int cpu);

/* CLOCK_MONOTONIC in nanoseconds. */
int64_t csys_monotonic_ns(void);

/* Whether process `pid` (its main thread) may run on a CPU other than the calling thread's
   only one: 0 when the calling thread may use a single CPU and `pid` no CPU but that one,
   else 1 (also when either mask cannot be read, with more than one CPU online). */
int csys_may_run_apart(int pid);

/* Unblocks every signal for the calling thread (a child spawned from a worker
   thread inherits a mask that blocks SIGTERM). */
void csys_clear_signal_mask(void);

/* Peer credentials of a connected Unix socket. 0 or -errno. */
int csys_peer_credentials(int fd, int32_t *pid, uint32_t *uid, uint32_t *gid);

/* A signalfd-free way to learn of SIGINT/SIGTERM/SIGHUP: writes one byte to `fd` when any
   arrives. Installs the handlers (SA_RESTART). */
int csys_install_termination_pipe(int write_fd);

/* A hint to fetch the cache line holding `p` for reading soon (no fault, no effect on
   results). The frame's walk issues it a few animated layers ahead. */
static inline void csys_prefetch(const void *p) { __builtin_prefetch(p, 0, 3); }
/* The same, for a line about to be written. */
static inline void csys_prefetch_write(const void *p) { __builtin_prefetch(p, 1, 3); }
/* Socket activation: checks that `fd` is a listening Unix stream socket and writes the
   address it is bound to into `path` (NUL-terminated, at most `capacity` bytes; an
   abstract name as "@name", an unbound socket as ""). Returns 0; -errno when a call
   failed (EBADF: no such descriptor); 1 not a socket; 2 not AF_UNIX; 3 not SOCK_STREAM;
   4 not listening. Sets FD_CLOEXEC on success. */
int csys_check_listening_unix_stream(int fd, char *path, size_t capacity);
/* sd_notify without libsystemd: sends `message` as one datagram to the Unix socket named
   `name` (a path, or "@name" for the abstract namespace). 0 or -errno (-EINVAL: a name
   that is empty or too long for a socket address). */
int csys_notify_datagram(const char *name, const char *message);

/* Sets the calling thread's nice value (Linux threads have their own). 0 or -errno. */
int csys_set_thread_nice(int nice);
/* The calling thread's nice value, in `*nice`. 0 or -errno. */
int csys_get_thread_nice(int *nice);
/* 1 when this process may raise a thread's priority to `nice` (and put a raised value back):
   root, or an RLIMIT_NICE of at least 20 - nice (`ulimit -e`). CAP_SYS_NICE alone is not
   looked for. Anyone may lower their own priority. */
int csys_may_raise_nice(int nice);
/* A non-blocking, close-on-exec eventfd (a counter that makes its descriptor readable while
   not 0). The fd or -errno. */
int csys_eventfd(void);
/* Adds one to the counter: one write(2), nothing held across it. 0 or -errno. */
int csys_eventfd_signal(int fd);
/* Reads the counter back to 0 (nothing when it is 0 already). */
void csys_eventfd_drain(int fd);
/* Shared-memory contents (Protocol/PROTOCOL.md, "Shared-memory contents"). Linux's seal bits. */
#define CSYS_SEAL_SEAL 0x0001
#define CSYS_SEAL_SHRINK 0x0002
#define CSYS_SEAL_GROW 0x0004
#define CSYS_SEAL_WRITE 0x0008
/* A close-on-exec memfd named `name` holding a copy of `length` bytes, sealed against
   shrinking, growing, writing and further sealing. The fd, or -errno. */
int csys_sealed_memfd(const char *name, const void *bytes, size_t length);
/* A close-on-exec memfd (sealable when `allow_sealing`), empty. The fd, or -errno. */
int csys_memfd(const char *name, int allow_sealing);
/* Adds seals (CSYS_SEAL_*). 0 or -errno. */
int csys_add_seals(int fd, int seals);
/* The seals of `fd` (CSYS_SEAL_* bits), or -errno (-EINVAL: not a sealable memfd). */
int csys_get_seals(int fd);
/* A close-on-exec duplicate of `fd`, or -errno. */
int csys_dup_cloexec(int fd);
/* sendmsg of `length` bytes with `count` descriptors attached (SCM_RIGHTS), MSG_NOSIGNAL,
   retried on EINTR. Bytes sent (the descriptors went with them when > 0), or -errno. */
ssize_t csys_send_with_fds(int sock, const void *bytes, size_t length, const int *fds, int count);
/* Gives free heap pages back to the system (glibc's malloc_trim(0), every arena). 1 when
   memory was released, else 0. */
int csys_malloc_trim(void);
#endif
