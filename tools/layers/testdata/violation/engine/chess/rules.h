// A rules file that reaches up into the server: forbidden.
#include "server/app/server_app.h"
#include "base/result.h"
