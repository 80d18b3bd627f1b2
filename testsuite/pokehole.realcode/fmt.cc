// fmt.cc - the fmt library's <fmt/format.h> (realcode.exp).
// SPDX-License-Identifier: GPL-3.0-or-later
#include <fmt/format.h>
#include <string>

namespace rcf {

fmt::memory_buffer buffer;
fmt::format_args args;
fmt::string_view view;

} // namespace rcf

std::string
ph_realcode_fmt (int x)
{
	return fmt::format ("{} {:>8.3f}", x, x * 0.5);
}
