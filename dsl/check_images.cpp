// A piece's `image`: the SVG files it names, found where FileScope allows, read within their
// size limit and sanitised (svg.hpp) into the picture the page draws for each player.
#include <filesystem>
#include <map>

#include "dsl/checker.hpp"
#include "dsl/files.hpp"
#include "dsl/svg.hpp"
#include "dsl/text.hpp"

namespace vari::dsl {

namespace {

constexpr const char* image_hint =
    "a piece's image is an SVG drawing (shapes, paths, groups, gradients) with <svg> as its root";

}  // namespace

// The sanitised picture of one file, or nothing with an error at its name.
std::optional<std::string> Checker::image_file(const ast::Name& path) {
    if (path.text.empty()) {
        report.error(path.span, "the image file needs a name between the quotes",
                     "as in 'image \"images/knight.svg\"', a path relative to the .vari file's "
                     "folder");
        return std::nullopt;
    }
    std::string refusal, hint;
    const auto found =
        FileScope(report.label(0))
            .find(report.label(path.span.file), path.text, "image file", ".svg", refusal, hint);
    if (!found) {
        report.error(path.span, refusal, hint);
        return std::nullopt;
    }
    std::string reason;
    const auto bytes = read_bytes(found->path, max_image_bytes, reason);
    if (!bytes) {
        report.error(path.span, "cannot read the image file " + quote(path.text) + ": " + reason,
                     "an image file is found relative to the folder of the .vari file that "
                     "names it, and holds at most " +
                         std::to_string(max_image_bytes / 1024) + " KiB");
        return std::nullopt;
    }
    auto svg = sanitise_svg(*bytes, refusal);
    if (!svg)
        report.error(path.span, "the image file " + quote(path.text) + ": " + refusal, image_hint);
    return svg;
}

// At most one `image` a piece; in it, one file for every player, or a file for each player
// named, each player once. Players named in no file keep the picture drawn from the moves.
void Checker::check_images(const ast::Piece& piece) {
    for (std::size_t i = 1; i < piece.images.size(); ++i)
        report.error(piece.images[i].span,
                     "piece " + quote(piece.name.text) + " already has an image, given at " +
                         at_text(piece.images[0].span.line, piece.images[0].span.column),
                     "one 'image' names the files of every player, as in 'image White "
                     "\"w.svg\" Black \"b.svg\"'");
    if (piece.images.empty()) return;
    std::vector<std::string> pictures(model.players.size());
    std::map<int, ast::Span> named;
    for (const ast::ImageFile& file : piece.images.front().files) {
        std::optional<int> owner;
        if (!file.player.text.empty()) {
            owner = player(file.player);
            if (!owner) continue;
            if (const auto [it, fresh] = named.emplace(*owner, file.player.span); !fresh) {
                report.error(file.player.span, "player " + quote(file.player.text) +
                                                   " already has an image for " +
                                                   quote(piece.name.text) + ", given at " +
                                                   at_text(it->second.line, it->second.column));
                continue;
            }
        }
        auto svg = image_file(file.path);
        if (!svg) continue;
        if (owner)
            pictures[static_cast<std::size_t>(*owner)] = std::move(*svg);
        else
            std::fill(pictures.begin(), pictures.end(), *svg);
    }
    model.images[piece.name.text] = std::move(pictures);
}

}  // namespace vari::dsl
