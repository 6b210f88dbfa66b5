// Sanitising a piece's SVG picture: parsed with TinyXML-2 (which expands no entity but the five
// XML predefines and character references), then written again from a list of what draws.
// Nothing of the input reaches the output but kept element names, kept attribute names and
// values that pass the checks below, and text inside titles and text elements, all re-escaped.
#include "dsl/svg.hpp"

#include <tinyxml2.h>

#include <algorithm>
#include <array>
#include <cctype>

namespace vari::dsl {

namespace {

// Elements that draw, or name, group and paint what draws; any other element is left out with
// everything inside it (script, style, foreignObject, image, a, animate, metadata, editors' own).
constexpr std::array svg_elements = {
    "svg",    "g",        "path",    "circle",         "ellipse",        "rect",
    "line",   "polyline", "polygon", "title",          "desc",           "defs",
    "symbol", "use",      "stop",    "linearGradient", "radialGradient", "clipPath",
    "mask",   "text",     "tspan"};

// Elements whose text is kept (what a title says, what a text element writes).
constexpr std::array svg_text_elements = {"title", "desc", "text", "tspan"};

// Geometry and presentation attributes; event handlers (on*), namespaces and editors'
// attributes are not among them.
constexpr std::array svg_attributes = {"id",
                                       "viewBox",
                                       "preserveAspectRatio",
                                       "width",
                                       "height",
                                       "x",
                                       "y",
                                       "x1",
                                       "y1",
                                       "x2",
                                       "y2",
                                       "cx",
                                       "cy",
                                       "r",
                                       "rx",
                                       "ry",
                                       "fx",
                                       "fy",
                                       "fr",
                                       "d",
                                       "points",
                                       "transform",
                                       "fill",
                                       "fill-opacity",
                                       "fill-rule",
                                       "stroke",
                                       "stroke-width",
                                       "stroke-linecap",
                                       "stroke-linejoin",
                                       "stroke-miterlimit",
                                       "stroke-dasharray",
                                       "stroke-dashoffset",
                                       "stroke-opacity",
                                       "opacity",
                                       "color",
                                       "clip-path",
                                       "clip-rule",
                                       "clipPathUnits",
                                       "mask",
                                       "maskUnits",
                                       "maskContentUnits",
                                       "offset",
                                       "stop-color",
                                       "stop-opacity",
                                       "gradientUnits",
                                       "gradientTransform",
                                       "spreadMethod",
                                       "visibility",
                                       "display",
                                       "paint-order",
                                       "vector-effect",
                                       "font-family",
                                       "font-size",
                                       "font-weight",
                                       "font-style",
                                       "text-anchor",
                                       "dominant-baseline",
                                       "style",
                                       "href",
                                       "xlink:href"};

template <std::size_t N>
bool listed(const std::array<const char*, N>& list, std::string_view name) {
    return std::any_of(list.begin(), list.end(), [name](const char* s) { return name == s; });
}

std::string lowered(std::string_view text) {
    std::string out(text);
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

// A reference to an element of the file itself: '#' and an id of plain characters.
bool local_reference(std::string_view value) {
    if (value.size() < 2 || value.front() != '#') return false;
    return std::all_of(value.begin() + 1, value.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_' || c == '-' || c == '.';
    });
}

// Every `url(` in the value names an element of the file (`url(#id)`), and nothing in it could
// load, run or hide anything: no CSS import, expression, escape or script address.
bool safe_value(std::string_view value) {
    const std::string low = lowered(value);
    for (const char* bad : {"@import", "expression", "javascript:", "data:", "\\", "<", "&"})
        if (low.find(bad) != std::string::npos) return false;
    for (std::size_t at = low.find("url("); at != std::string::npos;
         at = low.find("url(", at + 4)) {
        std::size_t i = at + 4;
        while (i < low.size() && (low[i] == ' ' || low[i] == '\'' || low[i] == '"')) ++i;
        if (i == low.size() || low[i] != '#') return false;
    }
    return true;
}

bool keep_attribute(std::string_view name, std::string_view value) {
    if (!listed(svg_attributes, name)) return false;
    if (name == "href" || name == "xlink:href") return local_reference(value);
    return safe_value(value);
}

void escape_into(std::string& out, std::string_view text) {
    for (const char c : text) switch (c) {
            case '&':
                out += "&amp;";
                break;
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '"':
                out += "&quot;";
                break;
            default:
                out += c;
        }
}

class SvgWriter {
public:
    std::string out;
    std::string refusal;

    // The element and what it holds, when kept; false when the file is refused.
    bool write(const tinyxml2::XMLElement& element, std::size_t depth) {
        const std::string_view name = element.Name();
        if (!listed(svg_elements, name)) return true;
        if (depth > max_image_depth) {
            refusal =
                "its elements are nested more than " + std::to_string(max_image_depth) + " deep";
            return false;
        }
        if (++elements_ > max_image_elements) {
            refusal = "it has more than " + std::to_string(max_image_elements) + " elements";
            return false;
        }
        out += '<';
        out += name;
        if (depth == 0)
            out +=
                " xmlns=\"http://www.w3.org/2000/svg\" "
                "xmlns:xlink=\"http://www.w3.org/1999/xlink\"";
        for (const auto* a = element.FirstAttribute(); a != nullptr; a = a->Next()) {
            if (!keep_attribute(a->Name(), a->Value())) continue;
            out += ' ';
            out += a->Name();
            out += "=\"";
            escape_into(out, a->Value());
            out += '"';
        }
        out += '>';
        const bool text = listed(svg_text_elements, name);
        for (const auto* child = element.FirstChild(); child != nullptr;
             child = child->NextSibling()) {
            if (const auto* e = child->ToElement()) {
                if (!write(*e, depth + 1)) return false;
            } else if (const auto* t = child->ToText(); t != nullptr && text) {
                escape_into(out, t->Value());
            }
        }
        out += "</";
        out += name;
        out += '>';
        return true;
    }

private:
    std::size_t elements_ = 0;
};

// Entities are refused before parsing: a declared entity could grow a small file without bound
// (nested entities, "a billion laughs"), and TinyXML-2 would pass it through unexpanded.
bool declares_entities(std::string_view text) {
    if (text.find("<!ENTITY") != std::string_view::npos) return true;
    for (std::size_t at = text.find("<!DOCTYPE"); at != std::string_view::npos;
         at = text.find("<!DOCTYPE", at + 1)) {
        const std::size_t close = text.find('>', at), subset = text.find('[', at);
        if (subset < close) return true;
    }
    return false;
}

}  // namespace

std::optional<std::string> sanitise_svg(std::string_view text, std::string& refusal) {
    if (text.size() > max_image_bytes) {
        refusal = "it has " + std::to_string(text.size()) + " bytes, more than the limit of " +
                  std::to_string(max_image_bytes);
        return std::nullopt;
    }
    if (declares_entities(text)) {
        refusal = "it declares entities (a DOCTYPE with an internal subset)";
        return std::nullopt;
    }
    tinyxml2::XMLDocument document(true, tinyxml2::PRESERVE_WHITESPACE);
    if (document.Parse(text.data(), text.size()) != tinyxml2::XML_SUCCESS) {
        refusal =
            document.ErrorID() == tinyxml2::XML_ELEMENT_DEPTH_EXCEEDED
                ? "its elements are nested more than " + std::to_string(max_image_depth) + " deep"
                : "it is not well-formed XML (line " + std::to_string(document.ErrorLineNum()) +
                      ")";
        return std::nullopt;
    }
    const tinyxml2::XMLElement* root = document.RootElement();
    if (root == nullptr || std::string_view(root->Name()) != "svg") {
        refusal = root == nullptr ? "it holds no element" : "its root element is not <svg>";
        return std::nullopt;
    }
    SvgWriter writer;
    if (!writer.write(*root, 0)) {
        refusal = std::move(writer.refusal);
        return std::nullopt;
    }
    return std::move(writer.out);
}

}  // namespace vari::dsl
