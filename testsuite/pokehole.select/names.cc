// Types to choose by name: scopes, templates of two arguments, nested
// template arguments.  select.exp names them with -C and types=.
namespace leveldb {
struct Slice { const char *data; unsigned long size; };
namespace impl { struct Slice { int x; }; }
}
template <class A, class B> struct Pair { A a; B b; };
template <class T> struct Box { T t; };
struct Other { char c; };

leveldb::Slice s;
leveldb::impl::Slice is;
Pair<int, char> p;
Box<Box<int> > bb;
Other o;
