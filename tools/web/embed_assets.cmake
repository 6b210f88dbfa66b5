# Writes OUTPUT, a C++ source defining vari::web::find_asset over the files given in ASSETS
# (PATH=FILE entries separated by commas: FILE served at PATH), each as an array of its bytes.
# A text file that gzip makes smaller is kept compressed too, for browsers that accept gzip.
set(types_html "text/html; charset=utf-8")
set(types_js "text/javascript; charset=utf-8")
set(types_css "text/css; charset=utf-8")
set(types_svg "image/svg+xml")
set(types_png "image/png")
set(compress_html TRUE)
set(compress_js TRUE)
set(compress_css TRUE)
set(compress_svg TRUE)

# The bytes of FILE as the elements of a C++ array (a 0 ends them), and how many.
function(array_of file bytes_var size_var)
  file(READ "${file}" hex HEX)
  string(LENGTH "${hex}" length)
  math(EXPR size "${length} / 2")
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
  set(${bytes_var} "${bytes}0" PARENT_SCOPE)
  set(${size_var} ${size} PARENT_SCOPE)
endfunction()

get_filename_component(work "${OUTPUT}" DIRECTORY)
set(arrays "")
set(entries "")
set(index 0)
string(REPLACE "," ";" ASSETS "${ASSETS}")
foreach(asset IN LISTS ASSETS)
  string(REGEX MATCH "^([^=]+)=(.+)$" matched "${asset}")
  if(NOT matched)
    message(FATAL_ERROR "embed_assets: '${asset}' is not PATH=FILE")
  endif()
  set(path "${CMAKE_MATCH_1}")
  set(file "${CMAKE_MATCH_2}")
  get_filename_component(extension "${file}" LAST_EXT)
  string(SUBSTRING "${extension}" 1 -1 extension)
  set(type "${types_${extension}}")
  if(NOT type)
    message(FATAL_ERROR "embed_assets: no content type for ${file}")
  endif()
  array_of("${file}" bytes size)
  string(APPEND arrays "const unsigned char asset_${index}[] = {${bytes}};\n")
  set(gzipped "{}")
  if(compress_${extension})
    set(packed "${work}/embed_assets.gz")
    file(ARCHIVE_CREATE OUTPUT "${packed}" PATHS "${file}" FORMAT raw COMPRESSION GZip
         COMPRESSION_LEVEL 9)
    array_of("${packed}" bytes packed_size)
    file(REMOVE "${packed}")
    if(packed_size LESS size)
      # The gzip header's time (bytes 4 to 7) is zeroed: the same files make the same source.
      set(byte "0x[0-9a-f][0-9a-f],")
      string(REGEX REPLACE "^(0x1f,0x8b,0x08,${byte})${byte}${byte}${byte}${byte}"
             "\\10x00,0x00,0x00,0x00," bytes "${bytes}")
      string(APPEND arrays "const unsigned char asset_${index}_gzip[] = {${bytes}};\n")
      set(gzipped "{as_chars(asset_${index}_gzip), ${packed_size}}")
    endif()
  endif()
  string(APPEND entries
         "    {\"${path}\", \"${type}\", {as_chars(asset_${index}), ${size}}, ${gzipped}},\n")
  math(EXPR index "${index} + 1")
endforeach()

file(WRITE "${OUTPUT}.new" "// Written by tools/web/embed_assets.cmake from the page's files: do not edit.
#include \"tools/web/assets.hpp\"

namespace vari::web {
namespace {
const char* as_chars(const unsigned char* bytes) { return reinterpret_cast<const char*>(bytes); }
${arrays}
const Asset assets[] = {
${entries}};
}  // namespace

const Asset* find_asset(std::string_view path) {
    if (path == \"/\") path = \"/index.html\";
    for (const Asset& asset : assets)
        if (asset.path == path) return &asset;
    return nullptr;
}

}  // namespace vari::web
")
file(COPY_FILE "${OUTPUT}.new" "${OUTPUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUTPUT}.new")
