// The rules about cost on the large world (50 000 clients, tens of thousands of appointments,
// documents and entries), run in one file so that the large world is generated once for all of them:
// it is seconds of work, and every simulator of one process reads the same generated world.
import './sales/list-cost-follows-rows-not-world.cases.js';
import './accounts/write-cost.cases.js';
import './console/console-large-world.cases.js';
