// The fork-and-exec behind SpringLabPlatform's ChildProcess. Written in C
// because the parent-death signal must be set between fork and exec, which
// posix_spawn cannot do and Swift cannot call (prctl is variadic).
#define _GNU_SOURCE
#include "CSpawn.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

struct request {
  const char *path;
  char *const *argv;
  char *const *envp;
  int fds[3];
  pid_t pid;
  int error;
  int done;
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t posted = PTHREAD_COND_INITIALIZER;
static pthread_cond_t finished = PTHREAD_COND_INITIALIZER;
static struct request *pending;
static pthread_once_t once = PTHREAD_ONCE_INIT;
static int have_thread;

// Runs in the child between fork and exec: async-signal-safe calls only.
static void become_child(const struct request *r, pid_t parent, int report) {
  int fds[3] = {r->fds[0], r->fds[1], r->fds[2]};
  struct sigaction dfl;
  sigset_t none;
  int e;
  // why: a descriptor already sitting on 0-2 (a caller's stdout) would be
  // overwritten by an earlier dup2; move those out of the way first
  for (int i = 0; i < 3; i++) {
    if (fds[i] < 3 && fds[i] != i) {
      fds[i] = fcntl(fds[i], F_DUPFD_CLOEXEC, 3);
      if (fds[i] < 0) goto fail;
    }
  }
  for (int i = 0; i < 3; i++) {
    if (fds[i] == i) {
      if (fcntl(i, F_SETFD, 0) < 0) goto fail;
    } else if (dup2(fds[i], i) < 0) {
      goto fail;
    }
  }
  // why: our handlers, ignored SIGPIPE and blocked signals (the signal
  // watcher's, the test runner's) would be inherited; ffmpeg must die on SIGTERM
  dfl.sa_handler = SIG_DFL;
  dfl.sa_flags = 0;
  sigemptyset(&dfl.sa_mask);
  for (int s = 1; s < NSIG; s++) {
    if (s != SIGKILL && s != SIGSTOP) sigaction(s, &dfl, 0);
  }
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, 0);
#ifdef __linux__
  if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) goto fail;
  // why: the parent may have died before the line above took effect
  if (getppid() != parent) _exit(127);
#else
  (void)parent;
#endif
  execve(r->path, r->argv, r->envp);
fail:
  e = errno;
  (void)!write(report, &e, sizeof e);
  _exit(127);
}

static void spawn_now(struct request *r) {
  int report[2];
  pid_t parent = getpid();
  if (pipe2(report, O_CLOEXEC) != 0) {
    r->error = errno;
    return;
  }
  pid_t pid = fork();
  if (pid < 0) {
    r->error = errno;
    close(report[0]);
    close(report[1]);
    return;
  }
  if (pid == 0) become_child(r, parent, report[1]);
  close(report[1]);
  // why: the report pipe closes on a successful exec (close-on-exec) and
  // carries errno otherwise, so a missing program fails here like posix_spawn
  int e = 0;
  ssize_t n;
  do {
    n = read(report[0], &e, sizeof e);
  } while (n < 0 && errno == EINTR);
  close(report[0]);
  if (n == (ssize_t)sizeof e) {
    while (waitpid(pid, 0, 0) < 0 && errno == EINTR) {
    }
    r->error = e ? e : ECHILD;
    return;
  }
  r->pid = pid;
  r->error = 0;
}

static void *spawner(void *unused) {
  (void)unused;
  sigset_t all;
  sigfillset(&all);
  // why: signals belong to the program's own watcher, never to this thread
  pthread_sigmask(SIG_BLOCK, &all, 0);
  pthread_mutex_lock(&lock);
  for (;;) {
    while (!pending) pthread_cond_wait(&posted, &lock);
    struct request *r = pending;
    pending = 0;
    pthread_mutex_unlock(&lock);
    spawn_now(r);
    pthread_mutex_lock(&lock);
    r->done = 1;
    pthread_cond_broadcast(&finished);
  }
  return 0;
}

static void start_spawner(void) {
  pthread_t t;
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
  have_thread = pthread_create(&t, &attr, spawner, 0) == 0;
  pthread_attr_destroy(&attr);
}

int springlab_spawn(const char *path, char *const argv[], char *const envp[], int in_fd,
                    int out_fd, int err_fd, pid_t *pid) {
  struct request r = {path, argv, envp, {in_fd, out_fd, err_fd}, 0, 0, 0};
  pthread_once(&once, start_spawner);
  if (!have_thread) {
    // why: without the thread the child still gets its parent-death signal,
    // only tied to the calling thread's life instead of the process's
    spawn_now(&r);
  } else {
    pthread_mutex_lock(&lock);
    // why: one request at a time; the spawner takes it and the next may post
    while (pending) pthread_cond_wait(&finished, &lock);
    pending = &r;
    pthread_cond_signal(&posted);
    while (!r.done) pthread_cond_wait(&finished, &lock);
    pthread_mutex_unlock(&lock);
  }
  if (r.error == 0) *pid = r.pid;
  return r.error;
}
