// The server may use everything below it.
#include "bots/player.h"
#include "referee/referee.h"
