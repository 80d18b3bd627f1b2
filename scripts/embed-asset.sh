#!/bin/sh
# embed-asset.sh NAME FILE: FILE as the C string NAME (the --html page's
# script and style, kept as files of their own so that they can be read
# and checked as what they are).
# SPDX-License-Identifier: GPL-3.0-or-later
set -e
printf 'extern const char %s[];\nconst char %s[] =\n' "$1" "$1"
sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/"/' -e 's/$/\\n"/' "$2"
printf ';\n'
