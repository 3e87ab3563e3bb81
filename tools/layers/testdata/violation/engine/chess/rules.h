// A rules file that reaches up into the server: forbidden.
#include "base/result.h"
#include "server/app/server_app.h"
