// Storage, below the server program, using one of its parts: forbidden.
#include "server/matches/match_index.h"
