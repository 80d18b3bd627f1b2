/* Found through -isystem (a system header) or -I (not one); sysheader.c.  */
struct isys { char c; int i; char d; };
