// The team of processes of a run, and what passes between them, over MPI when mpirun started it.
#include <cstdio>
#include <cstdlib>

#include "runtime/distributed/distributed.hpp"

#ifdef VARI_WITH_MPI
#include <mpi.h>
#endif

namespace vari::distributed {

namespace {

// mpirun tells the processes it starts: Open MPI by OMPI_COMM_WORLD_SIZE, others by PMI_SIZE.
bool started_by_mpirun() {
    return std::getenv("OMPI_COMM_WORLD_SIZE") != nullptr || std::getenv("PMI_SIZE") != nullptr;
}

Team join() {
    Team team;
#ifdef VARI_WITH_MPI
    if (!started_by_mpirun()) return team;
    int threads = 0;
    // Work within a process runs on threads; only the main thread talks to the others.
    MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &threads);
    MPI_Comm_rank(MPI_COMM_WORLD, &team.rank);
    MPI_Comm_size(MPI_COMM_WORLD, &team.size);
    std::atexit([] { MPI_Finalize(); });
#else
    const char* size = std::getenv("OMPI_COMM_WORLD_SIZE");
    if (!size) size = std::getenv("PMI_SIZE");
    if (size && std::atoi(size) > 1) {
        std::fputs(
            "vari: this vari was built without MPI and cannot share a run among mpirun's "
            "processes; install libopenmpi-dev (bash tools/setup.sh install) and build "
            "again\n",
            stderr);
        std::exit(2);
    }
#endif
    return team;
}

}  // namespace

const Team& team() {
    static const Team joined = join();
    return joined;
}

std::vector<std::string> gather(const std::string& mine) {
    const Team& us = team();
    if (us.size == 1) return {mine};
#ifdef VARI_WITH_MPI
    int length = static_cast<int>(mine.size());
    std::vector<int> lengths(us.leader() ? static_cast<std::size_t>(us.size) : 0);
    MPI_Gather(&length, 1, MPI_INT, lengths.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
    std::vector<int> offsets(lengths.size(), 0);
    int total = 0;
    for (std::size_t r = 0; r < lengths.size(); ++r) {
        offsets[r] = total;
        total += lengths[r];
    }
    std::string all(static_cast<std::size_t>(total), '\0');
    MPI_Gatherv(mine.data(), length, MPI_CHAR, all.data(), lengths.data(), offsets.data(), MPI_CHAR,
                0, MPI_COMM_WORLD);
    std::vector<std::string> out;
    for (std::size_t r = 0; r < lengths.size(); ++r)
        out.push_back(
            all.substr(static_cast<std::size_t>(offsets[r]), static_cast<std::size_t>(lengths[r])));
    return out;
#else
    return {mine};
#endif
}

}  // namespace vari::distributed
