// A run's pieces shared among mpirun's processes. The leader hands pieces out as threads free up
// (its own threads playing too) and takes each result back; the others play what they are
// given. Every message is a short text; each side sends a sign of life every second it has sent
// nothing else, so that a process lost (dead or hung) is noticed by its silence.
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <deque>
#include <set>
#include <thread>

#include "runtime/distributed/broken.hpp"
#include "runtime/distributed/distributed.hpp"

#ifdef VARI_WITH_MPI
#include <mpi.h>
#endif

namespace vari::distributed {

#ifdef VARI_WITH_MPI
namespace {

using Clock = std::chrono::steady_clock;
using Seconds = std::chrono::duration<double>;

// What passes between the leader and the others, by MPI tag.
enum Tag : int {
    hello = 1,    // to the leader: "THREADS HOST"
    result = 2,   // to the leader: "INDEX 1 RESULT", or "INDEX 0" when the piece was abandoned
    sign = 3,     // either way: still here
    goodbye = 4,  // to the leader: nothing more will come
    piece = 5,    // to a player: "INDEX"
    end = 6,      // to a player: "done" (no more pieces) or "abandon" (end those in play)
};

constexpr auto SIGN_EVERY = std::chrono::seconds(1);

// Set by mpirun's SIGTERM, with which it ends a run (a process of it ended, or Ctrl-C).
volatile std::sig_atomic_t signalled = 0;

void send(int to, Tag tag, const std::string& text) {
    MPI_Send(text.data(), static_cast<int>(text.size()), MPI_CHAR, to, tag, MPI_COMM_WORLD);
}

struct Message {
    int from = 0;
    Tag tag = sign;
    std::string text;
};

// A message waiting from `from` (MPI_ANY_SOURCE: from anyone), or nothing.
std::optional<Message> receive(int from) {
    int waiting = 0;
    MPI_Status status;
    if (MPI_Iprobe(from, MPI_ANY_TAG, MPI_COMM_WORLD, &waiting, &status) != MPI_SUCCESS || !waiting)
        return std::nullopt;
    int length = 0;
    MPI_Get_count(&status, MPI_CHAR, &length);
    Message message{status.MPI_SOURCE, static_cast<Tag>(status.MPI_TAG),
                    std::string(static_cast<std::size_t>(length), '\0')};
    MPI_Recv(message.text.data(), length, MPI_CHAR, status.MPI_SOURCE, status.MPI_TAG,
             MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    return message;
}

std::string host_name() {
    char name[256] = "";
    gethostname(name, sizeof name - 1);
    return name;
}

// "3, 7, 12", the first dozen only.
std::string listed(const std::set<long long>& pieces) {
    std::string out;
    int shown = 0;
    for (const long long index : pieces) {
        if (shown == 12) return out + " and " + std::to_string(pieces.size() - 12) + " more";
        out += (shown++ ? ", " : "") + std::to_string(index);
    }
    return out;
}

// A process of the run, as the leader knows it.
struct Member {
    std::string host;
    int threads = 0;  // 0 until its hello
    std::set<long long> held;
    Clock::time_point heard;
    bool lost = false, gone = false;
};

class Leader {
public:
    Leader(const runtime::Pieces& pieces, Seconds lost_after)
        : pieces_(pieces), lost_after_(lost_after), members_(team().size), players_(pieces) {
        for (Member& member : members_) member.heard = Clock::now();
        members_[0].host = host_name();
        members_[0].threads = std::max(pieces.threads, 1);
    }

    runtime::PiecesRun run() {
        auto last_sign = Clock::now();
        while (!all_gone()) {
            if (handing_out_) hand_out();
            bool busy = false;
            while (auto ended = players_.take(0)) {
                busy = true;
                ended_piece(0, ended->index, ended->result);
            }
            while (auto message = receive(MPI_ANY_SOURCE)) {
                busy = true;
                read(*message);
            }
            notice_silences();
            if (signalled) {
                end_early(
                    "ended by a signal (mpirun ends a run when one of its processes "
                    "ends: see its message)");
                mark_broken();
                break;
            }
            if (pieces_.stop && pieces_.stop()) end_early("stopped");
            if (!ended_sent_ && !in_play() && (!handing_out_ || !more_pieces())) {
                for_each_player([&](int rank) { send(rank, end, "done"); });
                ended_sent_ = true;
            }
            if (Clock::now() - last_sign >= SIGN_EVERY) {
                for_each_player([&](int rank) { send(rank, sign, ""); });
                last_sign = Clock::now();
            }
            if (!busy) std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
        runtime::PiecesRun out;
        out.complete = stopped_why_.empty();
        if (!out.complete) {
            long long before = 0;
            for (const bool done : pieces_.done_before) before += done;
            out.problem = stopped_why_ + " with " +
                          std::to_string(pieces_.count - before - finished_) + " of " +
                          std::to_string(pieces_.count) + ' ' + pieces_.noun + " unfinished";
            if (!in_play_then_.empty()) out.problem += "; in play then: " + in_play_then_;
        }
        return out;
    }

private:
    std::string who(int rank) const {
        return "process " + std::to_string(rank) + " (" +
               members_[static_cast<std::size_t>(rank)].host + ")";
    }

    template <class F>
    void for_each_player(F f) {
        for (int rank = 1; rank < static_cast<int>(members_.size()); ++rank)
            if (!members_[static_cast<std::size_t>(rank)].lost &&
                !members_[static_cast<std::size_t>(rank)].gone)
                f(rank);
    }

    bool more_pieces() {
        while (next_ < pieces_.count && done_before(next_)) ++next_;
        return !returned_.empty() || next_ < pieces_.count;
    }
    bool done_before(long long index) const {
        return index < static_cast<long long>(pieces_.done_before.size()) &&
               pieces_.done_before[static_cast<std::size_t>(index)];
    }
    std::optional<long long> next_piece() {
        if (!more_pieces()) return std::nullopt;
        if (!returned_.empty()) {
            const long long index = returned_.front();
            returned_.pop_front();
            return index;
        }
        return next_++;
    }

    void hand_out() {
        while (players_.wants_more())
            if (const auto index = next_piece()) {
                players_.give(*index);
                members_[0].held.insert(*index);
            } else {
                return;
            }
        for_each_player([&](int rank) {
            Member& member = members_[static_cast<std::size_t>(rank)];
            // One piece beyond its threads waits there, so that none waits for a message.
            while (static_cast<int>(member.held.size()) < member.threads + 1)
                if (const auto index = next_piece()) {
                    send(rank, piece, std::to_string(*index));
                    member.held.insert(*index);
                } else {
                    return;
                }
        });
    }

    void read(const Message& message) {
        Member& from = members_[static_cast<std::size_t>(message.from)];
        if (from.lost) return;  // its pieces went to others
        from.heard = Clock::now();
        if (message.tag == hello) {
            from.threads = std::max(1, std::atoi(message.text.c_str()));
            from.host =
                message.text.substr(std::min(message.text.find(' '), message.text.size() - 1) + 1);
        } else if (message.tag == result) {
            const std::size_t space = message.text.find(' ');
            const long long index = std::atoll(message.text.c_str());
            std::optional<std::string> text;
            if (message.text.compare(space + 1, 1, "1") == 0) text = message.text.substr(space + 3);
            ended_piece(message.from, index, text);
        } else if (message.tag == goodbye) {
            from.gone = true;
        }
    }

    void ended_piece(int rank, long long index, const std::optional<std::string>& text) {
        members_[static_cast<std::size_t>(rank)].held.erase(index);
        if (!text) {
            end_early("stopped");  // the player's own stop (Ctrl-C on its machine)
            return;
        }
        ++finished_;
        if (!enough_ && !pieces_.finished(index, *text)) {
            enough_ = true;
            end_early("");
        }
    }

    void end_early(const std::string& why) {
        if (!handing_out_) return;
        handing_out_ = false;
        stopped_why_ = why;
        if (!why.empty())
            for (std::size_t rank = 0; rank < members_.size(); ++rank)
                if (!members_[rank].held.empty() && !members_[rank].lost)
                    in_play_then_ += (in_play_then_.empty() ? "" : "; ") +
                                     who(static_cast<int>(rank)) + ": " +
                                     listed(members_[rank].held);
        players_.abandon();
        for_each_player([&](int rank) { send(rank, end, "abandon"); });
        ended_sent_ = true;
    }

    void notice_silences() {
        const auto now = Clock::now();
        for_each_player([&](int rank) {
            Member& member = members_[static_cast<std::size_t>(rank)];
            if (now - member.heard <= lost_after_) return;
            member.lost = true;
            mark_broken();
            std::string notice = "vari: " + who(rank) + " gave no sign for " +
                                 std::to_string(static_cast<int>(lost_after_.count())) + " s";
            if (!member.held.empty()) {
                notice += "; the " + pieces_.noun + " it held (" + listed(member.held) + ") ";
                if (handing_out_) {
                    returned_.insert(returned_.end(), member.held.begin(), member.held.end());
                    notice += "go to the others";
                } else {
                    notice += "are left unfinished";
                }
            }
            std::fprintf(stderr, "%s\n", notice.c_str());
            member.held.clear();
        });
    }

    bool in_play() const {
        if (players_.in_play() > 0) return true;
        for (const Member& member : members_)
            if (!member.lost && !member.held.empty()) return true;
        return false;
    }
    bool all_gone() const {
        if (!ended_sent_ || players_.in_play() > 0) return false;
        for (std::size_t rank = 1; rank < members_.size(); ++rank)
            if (!members_[rank].lost && !members_[rank].gone) return false;
        return true;
    }

    const runtime::Pieces& pieces_;
    const Seconds lost_after_;
    std::vector<Member> members_;
    runtime::PiecePlayers players_;   // the leader's own threads play too
    std::deque<long long> returned_;  // pieces of a lost process, handed out first
    long long next_ = 0, finished_ = 0;
    bool handing_out_ = true, enough_ = false, ended_sent_ = false;
    std::string stopped_why_, in_play_then_;
};

// A process other than the leader: plays the pieces it is given until told to end.
runtime::PiecesRun play_given(const runtime::Pieces& pieces, Seconds lost_after) {
    send(0, hello, std::to_string(std::max(pieces.threads, 1)) + ' ' + host_name());
    runtime::PiecePlayers players(pieces);
    auto last_sent = Clock::now(), heard = last_sent;
    bool ended = false;
    while (!signalled) {
        bool busy = false;
        while (auto piece_ended = players.take(0)) {
            busy = true;
            send(0, result,
                 std::to_string(piece_ended->index) +
                     (piece_ended->result ? " 1 " + *piece_ended->result : " 0"));
            last_sent = Clock::now();
        }
        while (auto message = receive(0)) {
            busy = true;
            heard = Clock::now();
            if (message->tag == piece) {
                players.give(std::atoll(message->text.c_str()));
            } else if (message->tag == end) {
                ended = true;
                if (message->text == "abandon") players.abandon();
            }
        }
        if (pieces.stop && pieces.stop()) players.abandon();
        if (ended && players.in_play() == 0) {
            send(0, goodbye, "");
            return {true, ""};
        }
        const auto now = Clock::now();
        if (now - heard > lost_after) {
            mark_broken();
            return {false, "the leading process gave no sign for " +
                               std::to_string(static_cast<int>(lost_after.count())) + " s"};
        }
        if (now - last_sent >= SIGN_EVERY) {
            send(0, sign, "");
            last_sent = now;
        }
        if (!busy) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    mark_broken();
    return {false, "ended by a signal"};
}

}  // namespace
#endif

runtime::PieceRunner runner(double lost_after_seconds) {
    const Team& us = team();
    if (us.size == 1) return {};
#ifdef VARI_WITH_MPI
    std::signal(SIGTERM, [](int) { signalled = 1; });
    const Seconds lost_after(lost_after_seconds);
    if (us.leader())
        return {true, us.size,
                [=](const runtime::Pieces& pieces) { return Leader(pieces, lost_after).run(); }};
    return {false, us.size,
            [=](const runtime::Pieces& pieces) { return play_given(pieces, lost_after); }};
#else
    (void)lost_after_seconds;
    return {};
#endif
}

}  // namespace vari::distributed
