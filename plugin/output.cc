/* Reports leave the compiler here, whole or not at all.

   Many compilers of one make -j may append to one file: each writes its
   whole translation unit with one write() while holding an exclusive
   flock, so no line is torn, and a write that fails half-way (a full
   disk) is cut back off before the lock is released.  A file of its own
   per translation unit is written to a temporary name and renamed.  */
#include "plugin.h"

static struct ph_error *write_all(int fd, const char *data, size_t len,
				  const char *path)
{
	while (len) {
		ssize_t n = write(fd, data, len);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			return ph_error_errno(errno, "cannot write %s", path);
		}
		data += n;
		len -= (size_t)n;
	}
	return NULL;
}

/* PATH opened with FLAGS (and created) into *FD, under an exclusive
   flock.  */
static struct ph_error *open_locked(const char *path, int flags, int *fd)
{
	struct ph_error *err;

	*fd = open(path, flags | O_CREAT | O_CLOEXEC, 0666);
	if (*fd < 0)
		return ph_error_errno(errno, "cannot open %s", path);
	if (flock(*fd, LOCK_EX) < 0) {
		err = ph_error_errno(errno, "cannot lock %s", path);
		close(*fd);
		return err;
	}
	return NULL;
}

struct ph_error *ph_append_locked(const char *path, const struct ph_buf *buf)
{
	struct ph_error *err;
	struct stat st;
	int fd;

	if (buf->failed)
		return &ph_error_nomem;
	if (strcmp(path, "-") == 0) {
		fflush(stdout);
		return write_all(STDOUT_FILENO, buf->data ? buf->data : "",
				 buf->len, "standard output");
	}
	if ((err = open_locked(path, O_WRONLY | O_APPEND, &fd)))
		return err;
	if (fstat(fd, &st) < 0) {
		err = ph_error_errno(errno, "cannot stat %s", path);
		close(fd);
		return err;
	}
	err = write_all(fd, buf->data ? buf->data : "", buf->len, path);
	if (err && S_ISREG(st.st_mode) && ftruncate(fd, st.st_size) < 0) {
		/* Nothing more we can do; the error already names the file. */
	}
	/* A full disk can surface only at close (NFS, quotas).  */
	if (close(fd) < 0 && !err)
		err = ph_error_errno(errno, "cannot write %s", path);
	return err;
}

/* mkdir -p of PATH's directory part.  */
static struct ph_error *make_parents(const char *path)
{
	char *dir = xstrdup(path);
	struct ph_error *err = NULL;

	for (char *p = dir + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(dir, 0777) < 0 && errno != EEXIST) {
			err = ph_error_errno(errno, "cannot create %s", dir);
			break;
		}
		*p = '/';
	}
	free(dir);
	return err;
}

struct ph_error *ph_write_file(const char *path, const struct ph_buf *buf)
{
	struct ph_error *err;
	char *tmp;
	int fd;

	if (buf->failed)
		return &ph_error_nomem;
	if ((err = make_parents(path)))
		return err;
	tmp = concat(path, ".tmp.XXXXXX", NULL);
	fd = mkstemp(tmp);
	if (fd < 0) {
		err = ph_error_errno(errno, "cannot create %s", tmp);
		free(tmp);
		return err;
	}
	/* mkstemp's 0600 would hide the report from a build's other users;
	   give it what open(O_CREAT, 0666) would.  cc1 has one thread.  */
	mode_t mask = umask(0);
	umask(mask);
	err = write_all(fd, buf->data ? buf->data : "", buf->len, tmp);
	if (fchmod(fd, 0666 & ~mask) < 0 && !err)
		err = ph_error_errno(errno, "cannot write %s", tmp);
	if (close(fd) < 0 && !err)
		err = ph_error_errno(errno, "cannot write %s", tmp);
	if (!err && rename(tmp, path) < 0)
		err = ph_error_errno(errno, "cannot rename %s to %s", tmp, path);
	if (err)
		unlink(tmp);
	free(tmp);
	return err;
}

/* A file the compilers of a build share and rewrite in turn (warn-once):
   never renamed, since a compiler waiting for the lock holds the file it
   opened, so rewritten in place while the lock is held.  */
struct ph_error *ph_open_locked(const char *path, int *fd_ret,
				struct ph_buf *contents)
{
	struct ph_error *err;
	char chunk[65536];
	ssize_t n;
	int fd;

	if ((err = make_parents(path)) ||
	    (err = open_locked(path, O_RDWR, &fd)))
		return err;
	while ((n = read(fd, chunk, sizeof(chunk))) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			err = ph_error_errno(errno, "cannot read %s", path);
			close(fd);
			return err;
		}
		ph_buf_putn(contents, chunk, (size_t)n);
	}
	if (contents->failed) {
		close(fd);
		return &ph_error_nomem;
	}
	*fd_ret = fd;
	return NULL;
}

struct ph_error *ph_rewrite_locked(int fd, const char *path,
				   const struct ph_buf *buf)
{
	struct ph_error *err = NULL;

	if (buf->failed)
		err = &ph_error_nomem;
	else if (lseek(fd, 0, SEEK_SET) < 0)
		err = ph_error_errno(errno, "cannot write %s", path);
	else
		err = write_all(fd, buf->data ? buf->data : "", buf->len, path);
	if (!err && ftruncate(fd, (off_t)buf->len) < 0)
		err = ph_error_errno(errno, "cannot write %s", path);
	/* Closing releases the lock, after the last byte.  */
	if (close(fd) < 0 && !err)
		err = ph_error_errno(errno, "cannot write %s", path);
	return err;
}

const char *ph_unit_dir(void)
{
	static char cwd[4096];

	if (!cwd[0] && !getcwd(cwd, sizeof(cwd)))
		strcpy(cwd, ".");
	return cwd;
}
