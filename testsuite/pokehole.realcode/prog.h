/* prog.h - the classes of the multi-unit program of realcode.exp.
   Copyright (C) 2026 The pokehole authors.
   SPDX-License-Identifier: GPL-3.0-or-later

   Every class is defined here, where the probe program (ph-probe gen)
   can name it; the units prog-*.cc define their functions.  A dynamic
   class's key function (its first non-inline, non-pure virtual function)
   is defined in one unit only: GCC describes the class completely in
   that unit's DWARF and by a declaration in the others, so that each
   object alone holds some classes as declarations only, and the linked
   program holds each once.  */

#ifndef PH_REALCODE_PROG_H
#define PH_REALCODE_PROG_H

#include <cstdarg>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace rc {

struct Empty { };
struct Empty2 { };

/* Not POD for layout (a user-provided constructor): a
   [[no_unique_address]] member of this type lends its tail padding to
   the members after it.  */
struct Tail {
	Tail () : l (0), c (0) { }
	long l;
	char c;
};

class Widget;
using Handler = int (Widget::*) (int);

/* Key function: the destructor, defined in prog-a.cc with draw ().  */
class Widget {
public:
	Widget ();
	virtual ~Widget ();
	virtual void draw () const;
	virtual int resize (int w, int h) { return w * h + width_; }
	int poke (int v) { return v + width_; }
	int peek (int v) const { return v - height_; }

	std::string name_;
	std::function<void (int)> on_change_;
	std::function<int (const std::string &, double)> on_text_;
	Handler handler_;
	int (Widget::*const_handler_) (int) const;
	int Widget::*field_;
	const std::string Widget::*name_field_;
	int width_;
	int height_;
	[[no_unique_address]] Empty tag_;
	unsigned flags_ : 3;
	unsigned visible_ : 1;
};

/* Key function: the destructor, defined in prog-b.cc with area ().  */
class Shape : public Widget {
public:
	Shape ();
	~Shape () override;
	virtual double area () const;
	void draw () const override;

	double x_, y_;
	union {
		struct {
			float r, g, b;
		};
		std::uint32_t rgb_[3];
		union {
			unsigned char bytes_[12];
			std::uint16_t halves_[6];
		};
	};
	std::vector<std::string> labels_;
	[[no_unique_address]] Tail tail_;
	char after_tail_;
	[[no_unique_address]] Empty e1_;
	[[no_unique_address]] Empty2 e2_;
};

/* No key function (every virtual function is inline): described in
   every unit that uses it.  */
struct Named {
	virtual ~Named () = default;
	virtual const char *label () const { return "named"; }
	std::string label_;
};

/* Key function: area (), defined in prog-c.cc; two dynamic bases.  */
class Circle final : public Shape, public Named {
public:
	explicit Circle (double r = 1.0);
	double area () const override;
	virtual double perimeter () const;
	double radius_;
	std::map<std::string, Handler> handlers_;
	struct Cache {
		double area;
		bool valid;
		union {
			long bits;
			double value;
		};
	} cache_;
};

/* No virtual function: described in every unit that uses it.  */
template <typename T, typename Alloc = std::allocator<T> >
struct Pool {
	[[no_unique_address]] Alloc alloc;
	T *items;
	std::size_t count;
	std::function<T (std::size_t)> make;
	void (Pool::*reset) ();
	void clear () { count = 0; }
};

/* A virtual base; key function: run (), defined in prog-d.cc.  */
struct Task : virtual Named {
	virtual void run ();
	std::unique_ptr<Widget> target;
	std::shared_ptr<Shape> shape;
	Pool<int> ints;
	Pool<std::string> strings;
	enum class State : unsigned char { idle, busy, done } state;
};

/* va_list where the source spells it and where it decays: a
   parameter of type va_list is a pointer to the compiler's own class
   __va_list_tag on x86-64 (char * with -m32); an array of va_list or of
   another array typedef is one array to DWARF.  */
typedef int Triple[3];
struct Logger {
	int (*vlog) (const char *, va_list);
	int (*vlogp) (va_list *);
	void (Logger::*vmember) (int, va_list);
	std::function<int (const char *, va_list)> vfn;
	va_list saved;
	va_list *current;
	va_list several[2];
	Triple cells[2];
	Triple one;
};

struct Registry {
	std::vector<std::unique_ptr<Task> > tasks;
	std::map<int, std::function<void ()> > timers;
	Pool<double> doubles;
	struct {
		int id;
		union {
			Task *task;
			std::uintptr_t raw;
		};
	} current;
	[[no_unique_address]] Empty none;
	int generation;
	Logger log;
};

int unit_a (Registry &r);
int unit_b (Registry &r);
int unit_c (Registry &r);

} // namespace rc

#endif
