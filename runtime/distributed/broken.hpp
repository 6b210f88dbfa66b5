// Internal to distributed/: a run whose processes cannot all end together (one was lost, or
// mpirun's signal ended the run), so that leave() ends them all at once.
#pragma once

namespace vari::distributed {

void mark_broken();

}  // namespace vari::distributed
