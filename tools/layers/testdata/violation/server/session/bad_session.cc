// The session layer reaching into the lobby: forbidden (the lobby registers its requests).
#include "server/core/request.h"
#include "server/lobby/lobby.h"
