// HTTP may use the lobby, the matches and the sessions.
#include "server/lobby/lobby.h"
#include "server/session/sessions.h"
