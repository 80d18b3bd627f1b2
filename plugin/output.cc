/* Reports leave the compiler here.  Many compilers of one make -j may
   append to one file: each writes its whole translation unit with one
   write() while holding an exclusive flock, so no line is torn.  */
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

struct ph_error *ph_append_locked(const char *path, const struct ph_buf *buf)
{
	struct ph_error *err;
	int fd;

	if (buf->failed)
		return &ph_error_nomem;
	if (strcmp(path, "-") == 0) {
		fflush(stdout);
		return write_all(STDOUT_FILENO, buf->data ? buf->data : "",
				 buf->len, "standard output");
	}
	fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0666);
	if (fd < 0)
		return ph_error_errno(errno, "cannot open %s", path);
	if (flock(fd, LOCK_EX) < 0) {
		err = ph_error_errno(errno, "cannot lock %s", path);
		close(fd);
		return err;
	}
	err = write_all(fd, buf->data ? buf->data : "", buf->len, path);
	/* A full disk can surface only at close (NFS, quotas).  */
	if (close(fd) < 0 && !err)
		err = ph_error_errno(errno, "cannot write %s", path);
	return err;
}
