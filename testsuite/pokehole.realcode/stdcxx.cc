// stdcxx.cc - the whole of libstdc++ in one unit (realcode.exp), with
// the class templates real code uses instantiated, so that their
// layouts are in the DWARF and in the plugin's report.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <bits/stdc++.h>
#include <any>
#include <filesystem>
#include <functional>
#include <future>
#include <memory_resource>
#include <regex>
#include <variant>

namespace rcs {

struct Key {
	std::string name;
	int id;
	bool operator< (const Key &o) const { return id < o.id; }
};

// containers
std::vector<int> ints; std::vector<std::string> strings;
std::deque<double> doubles; std::list<Key> keys; std::forward_list<long> longs;
std::map<std::string, std::vector<int> > index;
std::multimap<int, Key> by_id; std::set<Key> key_set;
std::unordered_map<std::string, int> counts; std::unordered_set<long> seen;
std::array<short, 7> shorts; std::bitset<100> bits; std::tuple<int, std::string, double> row;
std::pair<const std::string, Key> entry; std::optional<std::string> maybe;
std::variant<int, std::string, std::vector<Key> > either; std::any anything;
std::function<int (int, const std::string &)> callback;

// ownership and text
std::shared_ptr<Key> shared; std::weak_ptr<Key> weak;
std::unique_ptr<int[]> owned; std::string_view view; std::wstring wide;
std::u16string utf16;
std::regex pattern; std::smatch match;

// threads
std::promise<int> promise; std::future<int> future;
std::packaged_task<int (int)> task; std::thread thread; std::mutex mutex;
std::recursive_mutex rmutex;
std::shared_mutex smutex; std::condition_variable cond;
std::atomic<long> counter; std::atomic_flag flag;

// time, memory, files
std::chrono::steady_clock::time_point when; std::pmr::monotonic_buffer_resource arena;
std::pmr::vector<int> pmr_ints; std::pmr::unordered_map<int, std::pmr::string> pmr_map;
std::filesystem::path path; std::filesystem::directory_entry dirent;

// streams and numbers
std::istringstream in; std::ostringstream out;
std::fstream file; std::locale locale; std::mt19937_64 rng;
std::normal_distribution<double> normal;
std::complex<double> z; std::valarray<float> floats;

// adaptors, views, errors
std::priority_queue<int> heap; std::stack<std::string> stack;
std::queue<Key> queue; std::span<const int> span; std::exception_ptr error;
std::error_code ec;
std::type_index type = typeid (int); std::ranges::iota_view<int, int> iota;

} // namespace rcs

int
ph_realcode_stdcxx (int x)
{
	rcs::ints.push_back (x);
	return static_cast<int> (rcs::ints.size ());
}
