// A run shared among processes: those mpirun started together (on one machine or several), each
// doing its share of independent pieces of work, the leader gathering and printing what one
// process alone prints. vari started without mpirun is a team of one, and MPI is not touched.
#pragma once

#include <string>
#include <vector>

namespace vari::distributed {

struct Team {
    int rank = 0;  // this process's place, from 0
    int size = 1;  // processes in the run
    bool leader() const { return rank == 0; }
    // Whether piece `index` of a run's pieces is this process's: they are dealt in turn.
    bool owns(long long index) const { return index % size == rank; }
};

// The team of this run, joined on the first call (MPI is started only when mpirun started this
// process, and ended at its exit).
const Team& team();

// Every process's `mine`, on the leader, in rank order; nothing on the others. Every process of
// the team must call it, in the same order as its other gathers.
std::vector<std::string> gather(const std::string& mine);

}  // namespace vari::distributed
