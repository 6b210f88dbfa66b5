# Writes OUTPUT, a C++ source defining vari::web::find_asset over the files of ASSET_DIR given in
# ASSETS (paths relative to it, separated by commas), each as an array of its bytes.
set(types_html "text/html; charset=utf-8")
set(types_js "text/javascript; charset=utf-8")
set(types_css "text/css; charset=utf-8")
set(types_svg "image/svg+xml")
set(types_png "image/png")

set(arrays "")
set(entries "")
set(index 0)
string(REPLACE "," ";" ASSETS "${ASSETS}")
foreach(asset IN LISTS ASSETS)
  file(READ "${ASSET_DIR}/${asset}" hex HEX)
  string(LENGTH "${hex}" length)
  math(EXPR size "${length} / 2")
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
  get_filename_component(extension "${asset}" LAST_EXT)
  string(SUBSTRING "${extension}" 1 -1 extension)
  set(type "${types_${extension}}")
  if(NOT type)
    message(FATAL_ERROR "embed_assets: no content type for ${asset}")
  endif()
  string(APPEND arrays "const unsigned char asset_${index}[] = {${bytes}0};\n")
  string(APPEND entries "    {\"/${asset}\", \"${type}\", {reinterpret_cast<const char*>(asset_${index}), ${size}}},\n")
  math(EXPR index "${index} + 1")
endforeach()

file(WRITE "${OUTPUT}.new" "// Written by tools/web/embed_assets.cmake from tools/web/page/: do not edit.
#include \"tools/web/assets.hpp\"

namespace vari::web {
namespace {
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
