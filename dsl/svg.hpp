// A piece's picture as a rule file names it: an SVG file, read as XML and rewritten with only the
// elements and attributes that draw (internal to dsl/).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace vari::dsl {

// An image file is refused past this many bytes, before it is parsed ...
inline constexpr std::size_t max_image_bytes = 64 << 10;
// ... and past this many elements, or elements nested this deep.
inline constexpr std::size_t max_image_elements = 4096;
inline constexpr std::size_t max_image_depth = 32;

// `text` as SVG a page may show: parsed as XML, its root `<svg>`, and written again keeping only
// drawing elements (shapes, groups, gradients, `use` of the file's own ids, titles) and their
// presentation attributes; scripts, event handlers, `foreignObject`, styles, references outside
// the file, comments and processing instructions are left out. A file that is not well-formed
// XML, has another root, declares entities or passes the limits is refused: nothing, and
// `refusal` says why.
std::optional<std::string> sanitise_svg(std::string_view text, std::string& refusal);

}  // namespace vari::dsl
