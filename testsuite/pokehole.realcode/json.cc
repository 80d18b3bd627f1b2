// json.cc - nlohmann/json.hpp (realcode.exp).
// SPDX-License-Identifier: GPL-3.0-or-later
#include <nlohmann/json.hpp>
#include <string>

namespace rcj {

nlohmann::json value;
nlohmann::ordered_json ordered;
nlohmann::json::json_pointer pointer;

} // namespace rcj

std::string
ph_realcode_json (int x)
{
	rcj::value["x"] = x;
	return nlohmann::json::parse ("{\"a\": [1, 2.5, null]}").dump ();
}
