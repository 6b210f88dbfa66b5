// The team of processes of a run, over MPI when mpirun started it, and how a run ends.
#include <atomic>
#include <cstdio>
#include <cstdlib>

#include "runtime/distributed/broken.hpp"
#include "runtime/distributed/distributed.hpp"

#ifdef VARI_WITH_MPI
#include <mpi.h>
#endif

namespace vari::distributed {

namespace {

std::atomic<bool> broken{false};

Team join() {
    Team team;
    // mpirun tells the processes it starts: Open MPI by OMPI_COMM_WORLD_SIZE, others by PMI_SIZE.
    const char* size = std::getenv("OMPI_COMM_WORLD_SIZE");
    if (!size) size = std::getenv("PMI_SIZE");
    if (!size) return team;
#ifdef VARI_WITH_MPI
    int threads = 0;
    // Pieces are played on threads; only the main thread talks to the others.
    MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &threads);
    // A message to a process that died is an error to handle, not the end of the run.
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_rank(MPI_COMM_WORLD, &team.rank);
    MPI_Comm_size(MPI_COMM_WORLD, &team.size);
    std::atexit([] {
        if (!broken) MPI_Finalize();
    });
#else
    if (std::atoi(size) > 1) {
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

void mark_broken() { broken = true; }

int leave(int code) {
#ifdef VARI_WITH_MPI
    if (broken && team().size > 1) {
        // Exiting with a failure makes mpirun end the others (a hung one too). MPI_Abort would do
        // it as well, but Open MPI 4.1's mpirun then hangs now and then in its own finalize, its
        // processes all ended.
        std::fflush(stdout);
        std::fflush(stderr);
        std::_Exit(code == 0 ? EXIT_LOST : code);
    }
#endif
    return code;
}

}  // namespace vari::distributed
