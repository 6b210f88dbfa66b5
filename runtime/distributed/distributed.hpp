// A run shared among processes: those mpirun started together (on one machine or several). The
// leader hands a run's pieces (runtime::Pieces: games, subtrees) to every process as its threads
// free up, its own threads playing too, takes their results back and sums the run up, printing
// what one process alone prints. vari started without mpirun is a team of one, and MPI is not
// touched.
#pragma once

#include "runtime/runtime.hpp"

namespace vari::distributed {

struct Team {
    int rank = 0;  // this process's place, from 0
    int size = 1;  // processes in the run
    bool leader() const { return rank == 0; }
};

// The team of this run, joined on the first call (MPI is started only when mpirun started this
// process).
const Team& team();

// How this process runs a run's pieces: runtime::run_here in a team of one. In a team, a process
// that gives no sign for `lost_after_seconds` (it died, under `mpirun --enable-recovery`, or
// hangs) is reported with the pieces it held, which go to the others; when mpirun ends the run
// (a process died without --enable-recovery, or Ctrl-C), the leader reports what each process
// held, and the run's journal keeps what finished.
runtime::PieceRunner runner(double lost_after_seconds = 60);

// The exit code of a command that went well under mpirun, all its figures printed, though a
// process of the run was lost (its pieces played by the others).
constexpr int EXIT_LOST = 4;

// The end of a command under mpirun: returns `code` for main to return (MPI ends at exit), or,
// when a process was lost or the run was ended by a signal, exits now with `code` (EXIT_LOST for
// 0), so that mpirun ends every process of the run (waiting for a lost process would never end).
int leave(int code);

}  // namespace vari::distributed
