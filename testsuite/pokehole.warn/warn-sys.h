/* A header that is a system header unless WARN_NOT_SYSTEM is defined
   (sysheader.c).  */
#ifndef WARN_NOT_SYSTEM
#pragma GCC system_header
#endif
struct sys_hdr { char c; int i; char d; };
