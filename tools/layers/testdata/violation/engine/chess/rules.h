// A rules file that reaches up into the server: forbidden.
#include "server/app/hub.h"
#include "base/result.h"
