# Writes OUTPUT, a script for the page that lists every keyword of the rule language (each
# X(identifier, "spelling") line of KEYWORDS, dsl/keywords.hpp), in the order found there.
# Read whole, comments left out: the macros' lines end in backslashes, which a CMake list of
# lines would take for escapes.
file(READ "${KEYWORDS}" text)
string(REGEX REPLACE "//[^\n]*" "" text "${text}")
string(REGEX MATCHALL "X\\([a-z_]+, \"[^\"]+\"\\)" found "${text}")
set(words "")
foreach(entry IN LISTS found)
  string(REGEX MATCH "\"([^\"]+)\"" quoted "${entry}")
  list(APPEND words "\"${CMAKE_MATCH_1}\"")
endforeach()
list(LENGTH words count)
if(count EQUAL 0)
  message(FATAL_ERROR "keywords_js: no X(identifier, \"spelling\") line in ${KEYWORDS}")
endif()
list(JOIN words ", " joined)
file(WRITE "${OUTPUT}.new" "// Written by tools/web/keywords_js.cmake from dsl/keywords.hpp: do not edit.
// Every keyword of the rule language, for the editor's colouring.
\"use strict\";
const VARI_KEYWORDS = [${joined}];
")
file(COPY_FILE "${OUTPUT}.new" "${OUTPUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUTPUT}.new")
