#define _GNU_SOURCE
#include <sched.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/eventfd.h>
#include "csystem.h"
#include <errno.h>
#include <signal.h>
#include <pthread.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <fcntl.h>
#include <stddef.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/timerfd.h>
#include <sys/mman.h>
#include <fcntl.h>
#include <stdlib.h>
#include <malloc.h>
#include <sys/un.h>

int csys_timerfd_create(void) {
    int fd = timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC);
    return fd < 0 ? -errno : fd;
}

int csys_timerfd_set_absolute(int fd, int64_t deadline_ns) {
    struct itimerspec spec;
    memset(&spec, 0, sizeof spec);
    if (deadline_ns <= 0) deadline_ns = 1; /* 0 would disarm the timer */
    spec.it_value.tv_sec = deadline_ns / 1000000000LL;
    spec.it_value.tv_nsec = deadline_ns % 1000000000LL;
    return timerfd_settime(fd, TFD_TIMER_ABSTIME, &spec, NULL) < 0 ? -errno : 0;
}

int csys_timerfd_disarm(int fd) {
    struct itimerspec spec;
    memset(&spec, 0, sizeof spec);
    return timerfd_settime(fd, 0, &spec, NULL) < 0 ? -errno : 0;
}

int64_t csys_timerfd_read(int fd) {
    uint64_t count = 0;
    ssize_t n = read(fd, &count, sizeof count);
    if (n < 0) return errno == EAGAIN ? 0 : -errno;
    return (int64_t)count;
}

int64_t csys_monotonic_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

int csys_may_run_apart(int pid) {
    cpu_set_t mine, theirs;
    CPU_ZERO(&mine);
    CPU_ZERO(&theirs);
    if (sched_getaffinity(0, sizeof mine, &mine) != 0 || sched_getaffinity(pid, sizeof theirs, &theirs) != 0)
        return sysconf(_SC_NPROCESSORS_ONLN) > 1;
    if (CPU_COUNT(&mine) != 1) return 1;
    CPU_OR(&theirs, &theirs, &mine);
    return CPU_COUNT(&theirs) > 1;
}

void csys_clear_signal_mask(void) {
    sigset_t set;
    sigemptyset(&set);
    pthread_sigmask(SIG_SETMASK, &set, NULL);
}

int csys_peer_credentials(int fd, int32_t *pid, uint32_t *uid, uint32_t *gid) {
    struct ucred cred;
    socklen_t len = sizeof cred;
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) < 0) return -errno;
    *pid = cred.pid; *uid = cred.uid; *gid = cred.gid;
    return 0;
}

static volatile int termination_fd = -1;

static void on_termination(int sig) {
    (void)sig;
    int saved = errno;
    if (termination_fd >= 0) { char b = 1; ssize_t r = write(termination_fd, &b, 1); (void)r; }
    errno = saved;
}

int csys_pin_to_cpu(int pid, int cpu) {
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    return sched_setaffinity(pid, sizeof set, &set) < 0 ? -errno : 0;
}

void csys_ignore_sigpipe(void) {
    signal(SIGPIPE, SIG_IGN);
}

int csys_install_termination_pipe(int write_fd) {
    termination_fd = write_fd;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_termination;
    sa.sa_flags = SA_RESTART;
    sigemptyset(&sa.sa_mask);
    if (sigaction(SIGINT, &sa, NULL) < 0) return -errno;
    if (sigaction(SIGTERM, &sa, NULL) < 0) return -errno;
    if (sigaction(SIGHUP, &sa, NULL) < 0) return -errno;
    signal(SIGPIPE, SIG_IGN);
    return 0;
}

int csys_set_thread_nice(int nice) {
    pid_t tid = (pid_t)syscall(SYS_gettid);
    return setpriority(PRIO_PROCESS, (id_t)tid, nice) == 0 ? 0 : -errno;
}

int csys_get_thread_nice(int *nice) {
    pid_t tid = (pid_t)syscall(SYS_gettid);
    errno = 0;
    int value = getpriority(PRIO_PROCESS, (id_t)tid);
    if (value == -1 && errno != 0) return -errno;
    *nice = value;
    return 0;
}

int csys_may_raise_nice(int nice) {
    if (geteuid() == 0) return 1;
    struct rlimit limit;
    if (getrlimit(RLIMIT_NICE, &limit) != 0) return 0;
    return limit.rlim_cur == RLIM_INFINITY || limit.rlim_cur >= (rlim_t)(20 - nice);
}

int csys_eventfd(void) {
    int fd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    return fd >= 0 ? fd : -errno;
}

int csys_eventfd_signal(int fd) {
    uint64_t one = 1;
    ssize_t n;
    do { n = write(fd, &one, sizeof one); } while (n < 0 && errno == EINTR);
    /* EAGAIN: the counter is at its maximum, so the descriptor is readable anyway. */
    return n == sizeof one || errno == EAGAIN ? 0 : -errno;
}

void csys_eventfd_drain(int fd) {
    uint64_t count;
    ssize_t n;
    do { n = read(fd, &count, sizeof count); } while (n < 0 && errno == EINTR);
}

/* Shared-memory contents (Protocol/PROTOCOL.md §7.4). */

int csys_sealed_memfd(const char *name, const void *bytes, size_t length) {
    int fd = memfd_create(name, MFD_CLOEXEC | MFD_ALLOW_SEALING);
    if (fd < 0) return -errno;
    if (ftruncate(fd, (off_t)length) != 0) { int e = errno; close(fd); return -e; }
    const char *p = bytes;
    size_t done = 0;
    while (done < length) {
        ssize_t n = pwrite(fd, p + done, length - done, (off_t)done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) { int e = n < 0 ? errno : EIO; close(fd); return -e; }
        done += (size_t)n;
    }
    if (fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE | F_SEAL_SEAL) != 0) {
        int e = errno; close(fd); return -e;
    }
    return fd;
}

int csys_memfd(const char *name, int allow_sealing) {
    int fd = memfd_create(name, MFD_CLOEXEC | (allow_sealing ? MFD_ALLOW_SEALING : 0));
    return fd < 0 ? -errno : fd;
}

int csys_add_seals(int fd, int seals) {
    return fcntl(fd, F_ADD_SEALS, seals) == 0 ? 0 : -errno;
}

int csys_get_seals(int fd) {
    int s = fcntl(fd, F_GET_SEALS);
    return s < 0 ? -errno : s;
}

int csys_dup_cloexec(int fd) {
    int d = fcntl(fd, F_DUPFD_CLOEXEC, 0);
    return d < 0 ? -errno : d;
}

ssize_t csys_send_with_fds(int sock, const void *bytes, size_t length, const int *fds, int count) {
    struct iovec io = { .iov_base = (void *)bytes, .iov_len = length };
    struct msghdr m;
    memset(&m, 0, sizeof m);
    m.msg_iov = &io;
    m.msg_iovlen = 1;
    char *control = NULL;
    if (count > 0) {
        size_t space = CMSG_SPACE(sizeof(int) * (size_t)count);
        control = calloc(1, space);
        if (!control) return -ENOMEM;
        m.msg_control = control;
        m.msg_controllen = space;
        struct cmsghdr *c = CMSG_FIRSTHDR(&m);
        c->cmsg_level = SOL_SOCKET;
        c->cmsg_type = SCM_RIGHTS;
        c->cmsg_len = CMSG_LEN(sizeof(int) * (size_t)count);
        memcpy(CMSG_DATA(c), fds, sizeof(int) * (size_t)count);
    }
    ssize_t n;
    do { n = sendmsg(sock, &m, MSG_NOSIGNAL); } while (n < 0 && errno == EINTR);
    int e = errno;
    free(control);
    return n < 0 ? -e : n;
}

int csys_check_listening_unix_stream(int fd, char *path, size_t capacity) {
    struct stat st;
    if (fstat(fd, &st) < 0) return -errno;
    if (!S_ISSOCK(st.st_mode)) return 1;
    int value = 0;
    socklen_t len = sizeof value;
    if (getsockopt(fd, SOL_SOCKET, SO_DOMAIN, &value, &len) < 0) return -errno;
    if (value != AF_UNIX) return 2;
    len = sizeof value;
    if (getsockopt(fd, SOL_SOCKET, SO_TYPE, &value, &len) < 0) return -errno;
    if (value != SOCK_STREAM) return 3;
    len = sizeof value;
    if (getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &value, &len) < 0) return -errno;
    if (!value) return 4;
    struct sockaddr_un addr;
    memset(&addr, 0, sizeof addr);
    len = sizeof addr;
    if (getsockname(fd, (struct sockaddr *)&addr, &len) < 0) return -errno;
    if (capacity > 0) {
        size_t n = len > offsetof(struct sockaddr_un, sun_path) ? len - offsetof(struct sockaddr_un, sun_path) : 0;
        size_t out = 0;
        if (n > 0 && addr.sun_path[0] == '\0') {
            /* Abstract: "@" then the name's bytes (not NUL-terminated in the address). */
            if (out + 1 < capacity) path[out++] = '@';
            for (size_t i = 1; i < n && out + 1 < capacity; i++) path[out++] = addr.sun_path[i];
        } else {
            for (size_t i = 0; i < n && addr.sun_path[i] != '\0' && out + 1 < capacity; i++) path[out++] = addr.sun_path[i];
        }
        path[out] = '\0';
    }
    int flags = fcntl(fd, F_GETFD);
    if (flags >= 0) fcntl(fd, F_SETFD, flags | FD_CLOEXEC);
    return 0;
}

int csys_notify_datagram(const char *name, const char *message) {
    size_t n = strlen(name);
    struct sockaddr_un addr;
    memset(&addr, 0, sizeof addr);
    addr.sun_family = AF_UNIX;
    if (n < 2 && !(n == 1 && name[0] != '@')) return -EINVAL;
    if (n >= sizeof addr.sun_path) return -EINVAL;
    memcpy(addr.sun_path, name, n);
    socklen_t len = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + n);
    if (name[0] == '@') addr.sun_path[0] = '\0'; /* abstract: no terminator counted */
    else len += 1;
    int fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return -errno;
    ssize_t sent = sendto(fd, message, strlen(message), MSG_NOSIGNAL, (struct sockaddr *)&addr, len);
    int result = sent < 0 ? -errno : 0;
    close(fd);
    return result;
}

int csys_malloc_trim(void) { return malloc_trim(0); }
