// Internal to tools/web/: the page's files, built into the binary (embed_assets.cmake writes
// their bytes into a source file at build time).
#pragma once

#include <string_view>

namespace vari::web {

struct Asset {
    std::string_view path;  // "/index.html", "/app.js"
    std::string_view type;  // its Content-Type
    std::string_view bytes;
    std::string_view gzipped;  // the same bytes gzip-compressed, or empty when that is no smaller
};

// Whether a request's Accept-Encoding header (null when absent) takes gzip.
bool accepts_gzip(const char* accept_encoding);

// The file served at `path` ("/" is "/index.html"), or null.
const Asset* find_asset(std::string_view path);

}  // namespace vari::web
