// boost.cc - widely used Boost headers in one unit (realcode.exp).
// SPDX-License-Identifier: GPL-3.0-or-later
#include <boost/any.hpp>
#include <boost/circular_buffer.hpp>
#include <boost/container/flat_map.hpp>
#include <boost/container/small_vector.hpp>
#include <boost/container/stable_vector.hpp>
#include <boost/container/static_vector.hpp>
#include <boost/container/string.hpp>
#include <boost/container/vector.hpp>
#include <boost/function.hpp>
#include <boost/intrusive/list.hpp>
#include <boost/intrusive/set.hpp>
#include <boost/optional.hpp>
#include <boost/shared_ptr.hpp>
#include <boost/signals2.hpp>
#include <boost/variant.hpp>
#include <string>

namespace rcb {

struct Node : boost::intrusive::list_base_hook<>,
	      boost::intrusive::set_base_hook<> {
	int key;
	bool operator< (const Node &o) const { return key < o.key; }
};

boost::function<int (int)> fn;
boost::signals2::signal<void (int)> changed;
boost::signals2::connection connection;
boost::optional<std::string> maybe;
boost::variant<int, std::string, double> either;
boost::any anything;
boost::shared_ptr<Node> shared;
boost::circular_buffer<int> ring;
boost::container::vector<int> ints;
boost::container::small_vector<int, 8> small;
boost::container::static_vector<long, 4> fixed;
boost::container::stable_vector<double> stable;
boost::container::flat_map<int, std::string> flat;
boost::container::string text;
boost::intrusive::list<Node> node_list;
boost::intrusive::set<Node> node_set;

} // namespace rcb

int
ph_realcode_boost (int x)
{
	rcb::ints.push_back (x);
	return static_cast<int> (rcb::ints.size ());
}
