# flat.jq - every field of a layout JSON Lines report on a line of its own,
# for realcode.exp: "\u0001NAME" starts each type, then PATH|FIELD TAB
# VALUE lines (the type's name is not repeated on them: realcode.exp
# makes a type's lines one dict at a time, without reading each).  The keys are those of pokehole.dwarf/ph-flat.c (PATH
# "" for the type's own fields, member names joined with '.', base:T
# and vbase:T for bases, anon@BIT for an anonymous aggregate, whose
# members keep their own names, hole#I and bit_hole#I), with names as
# written and no limit on their length.
# SPDX-License-Identifier: GPL-3.0-or-later
def scalar:
  if type == "array" then "[\(length) items]"
  elif type == "object" then "{object}"
  else tostring end;
def flat($t; $path; $kids):
  to_entries[] as $e
  | if $e.key == "members" and ($e.value | type) == "array" then
      "\($path)|members\t\($e.value | length)",
      ($e.value[] | select(type == "object")
       | (if .base == true then
            (if .virtual == true then "vbase:" else "base:" end) + (.type // "")
          elif (.name // "") != "" then .name
          else "anon@\(.bit_offset // 0)" end) as $own
       | (if $kids != "" then "\($kids).\($own)" else $own end) as $p
       | flat($t; $p; (if (.name // "") != "" or .base == true then $p else $kids end)))
    elif ($e.key == "holes" or $e.key == "bit_holes") and ($e.value | type) == "array" then
      "\($path)|\($e.key)\t\($e.value | length)",
      ($e.value | to_entries[] | .key as $k | .value | select(type == "object")
       | to_entries[]
       | "\(if $e.key == "holes" then "hole" else "bit_hole" end)#\($k)|\(.key)\t\(.value | scalar)")
    else "\($path)|\($e.key)\t\($e.value | scalar)" end;
# Layout records only: a function's or a type's sites are not one.
select(.kind == "struct" or .kind == "union" or .kind == "class")
| "\u0001\(.name)", flat(.name; ""; "")
