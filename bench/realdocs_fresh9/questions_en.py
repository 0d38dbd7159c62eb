"""Hand-written English questions for the realdocs_fresh9 benchmark (data only, stdlib only).

Documents: five pages of the Valgrind 3.19 user manual (HTML) and five pages of the Node.js v20 API
documentation (HTML). The questions were written from the documents alone, as students type them: some
well-formed, many lower case chat style, some very short.
EN rows: (doc, page, question, answers, type); page is None (all documents are HTML). The answerable
questions come in three groups (WHAT, VALUES, HOWTO), joined in that order into EN:
  WHAT   -- "what is X / what does X do / what is X used for" (tools, modules, options, functions);
  VALUES -- option defaults and exact values the pages state;
  HOWTO  -- how-to / why / comparison questions whose answer is stated in one place.
Gold answers are short spans copied from the page's visible text (whitespace collapsed, casefolded when
compared); when a row has two golds, a correct reply is expected to contain both.
UNANS rows: (question, key terms) -- on-topic questions that none of the ten documents answers; the
first term is the core term, which check_en.py requires to occur nowhere in this set's documents.
Imported by build_en.py (which writes qa_en.jsonl) and check_en.py.
"""

QS = 'en-valgrind-quick-start.html'
MC = 'en-valgrind-mc-manual.html'
CORE = 'en-valgrind-manual-core.html'
MS = 'en-valgrind-ms-manual.html'
CG = 'en-valgrind-cg-manual.html'
PATH = 'en-nodejs-path.html'
OS = 'en-nodejs-os.html'
TIMERS = 'en-nodejs-timers.html'
QSTR = 'en-nodejs-querystring.html'
EVENTS = 'en-nodejs-events.html'

# --- what is X / what does X do / what is X used for (30) ---
WHAT = [
    (MC, None, "What is Memcheck?", ["memory error detector"], "definition"),
    (MS, None, "what is massif", ["heap profiler"], "definition"),
    (CG, None, "what is cachegrind used for", ["cache hierarchy"], "definition"),
    (CG, None, "what does cg_diff do", ["two Cachegrind runs"], "definition"),
    (MS, None, "What does ms_print produce from a Massif output file?", ["memory consumption"], "definition"),
    (MC, None, "what does --track-origins do in memcheck", ["origin of uninitialised values"], "definition"),
    (MC, None, "what does \"definitely lost\" mean in a leak report", ["no pointer to the block can be found"],
     "definition"),
    (MC, None, "whats a fishy value", ["negative value"], "definition"),
    (CORE, None, "what does --trace-children=yes do", ["sub-processes"], "definition"),
    (CORE, None, "valgrind -q ?", ["only print error messages"], "definition"),
    (CORE, None, "what happens with --gen-suppressions=yes", ["pause after every error shown"], "definition"),
    (CORE, None, "what is --error-exitcode for", ["alternative exit code"], "definition"),
    (CORE, None, "what does --track-fds do", ["list of open file descriptors"], "definition"),
    (CORE, None, "What are redzones in Valgrind?", ["padding blocks"], "definition"),
    (CORE, None, "what is valgrind-listener", ["copies whatever it is sent to stdout"], "definition"),
    (MC, None, "what is --malloc-fill good for", ["shake out obscure memory corruption problems"], "definition"),
    (PATH, None, "what is the node:path module", ["working with file and directory"], "definition"),
    (PATH, None, "what does path.basename() return", ["last portion of a path"], "definition"),
    (PATH, None, "What does path.parse() give back?", ["significant elements of the path"], "definition"),
    (PATH, None, "what is path.format", ["opposite of path.parse()"], "definition"),
    (OS, None, "what does os.loadavg() return", ["1, 5, and 15 minute load averages"], "definition"),
    (OS, None, "what does os.availableParallelism do",
     ["estimate of the default amount of parallelism"], "definition"),
    (OS, None, "what is os.EOL", ["end-of-line marker"], "definition"),
    (QSTR, None, "what is the querystring module for", ["parsing and formatting URL"], "definition"),
    (QSTR, None, "what does querystring.escape() do", ["URL percent-encoding"], "definition"),
    (TIMERS, None, "what is setImmediate", ["after I/O events' callbacks"], "definition"),
    (TIMERS, None, "timeout.refresh() what does it do", ["reschedules the timer"], "definition"),
    (EVENTS, None, "what is events.errorMonitor for", ["without consuming the emitted error"], "definition"),
    (EVENTS, None, "What does emitter.emit() return?", ["true if the event had listeners"], "fact"),
    (EVENTS, None, "what does prependListener do", ["beginning of the listeners array"], "definition"),
]

# --- option defaults and exact values (20) ---
VALUES = [
    (CORE, None, "what's the default of --num-callers", ["12"], "numeric"),
    (CORE, None, "how many threads can valgrind handle by default", ["500 threads"], "numeric"),
    (CORE, None, "default --max-stackframe value", ["2000000"], "numeric"),
    (MC, None, "which leak kinds does memcheck show by default", ["definite,possible"], "fact"),
    (MC, None, "What is the default value of --freelist-vol?", ["20000000"], "numeric"),
    (MS, None, "default max number of snapshots in massif", ["100"], "numeric"),
    (MS, None, "how often does massif take a detailed snapshot by default", ["every 10th snapshot"], "numeric"),
    (MS, None, "how many admin bytes per heap block does massif assume", ["8 bytes per block"], "numeric"),
    (MS, None, "what time unit does massif use by default", ["instructions executed"], "fact"),
    (MS, None, "default width of the ms_print graph in columns", ["72"], "numeric"),
    (CORE, None, "what port does valgrind-listener use by default", ["1500"], "numeric"),
    (CORE, None, "after how many errors does valgrind stop reporting them",
     ["10,000,000", "1,000 different"], "numeric"),
    (CG, None, "how many cycles does an LL cache miss cost", ["200 cycles"], "numeric"),
    (QS, None, "how much slower does my program run under memcheck", ["20 to 30 times"], "numeric"),
    (PATH, None, "what does path.delimiter return on windows", ["; for Windows"], "fact"),
    (OS, None, "what is os.devNull on linux", ["/dev/null"], "fact"),
    (TIMERS, None, "biggest delay setTimeout accepts before it gets set to 1", ["2147483647"], "numeric"),
    (EVENTS, None, "how many listeners per event before node prints a warning", ["10 listeners"], "numeric"),
    (QSTR, None, "What is the default maxKeys limit in querystring.parse()?", ["1000"], "numeric"),
    (OS, None, "range of priority values for os.setPriority", ["-20", "19"], "numeric"),
]

# --- how-to / why / comparison, answer stated in one place (20) ---
HOWTO = [
    (QS, None, "how do i run my program under valgrind to find memory leaks", ["--leak-check=yes"], "command"),
    (QS, None, "why shouldn't I compile with -O2 when using memcheck", ["don't really exist"], "fact"),
    (QS, None, "in which order should i fix the errors memcheck reports", ["in the order they are reported"],
     "fact"),
    (QS, None, "can memcheck catch overruns of arrays on the stack",
     ["allocated statically or on the stack"], "fact"),
    (CORE, None, "where can i put default valgrind options so i dont type them every time",
     ["~/.valgrindrc", "$VALGRIND_OPTS"], "command"),
    (CORE, None, "how do i get a separate valgrind log file for each process", ["%p"], "command"),
    (CORE, None, "how do I make Memcheck always do leak checking from my .valgrindrc",
     ["--memcheck:leak-check=yes"], "command"),
    (CG, None, "how do i get branch prediction stats out of cachegrind", ["--branch-sim=yes"], "command"),
    (MS, None, "massif graph is almost empty for my short program, how to fix", ["--time-unit=B"], "command"),
    (MS, None, "why isn't stack profiling on by default in massif", ["slows Massif down greatly"], "fact"),
    (CG, None, "should i turn optimisation on when profiling with cachegrind",
     ["as it will be normally run"], "fact"),
    (MS, None, "how can massif find leaks that memcheck doesn't report", ["a pointer remains to it"], "fact"),
    (PATH, None, "in what order does path.resolve process its arguments", ["right to left"], "fact"),
    (PATH, None, "how do i get the same windows path results no matter what OS i'm on", ["path.win32"],
     "command"),
    (PATH, None, "Is path.isAbsolute() safe for preventing path traversal?",
     ["not safe for mitigating path traversals"], "fact"),
    (OS, None, "should i use os.cpus().length to figure out how many workers to start",
     ["os.availableParallelism()"], "command"),
    (QSTR, None, "querystring vs URLSearchParams, which one should i use", ["more performant",
                                                                          "not a standardized API"], "fact"),
    (TIMERS, None, "how do i cancel a promise based setTimeout", ["AbortController"], "command"),
    (EVENTS, None, "what happens if an emitter emits 'error' and nobody listens for it",
     ["the Node.js process exits"], "fact"),
    (EVENTS, None, "why not use an async function as the error event handler", ["infinite error loops"], "fact"),
]

EN = WHAT + VALUES + HOWTO

# --- unanswerable (20): on topic, but the answer is in none of the ten pages ---
UNANS = [
    ("how do i use AddressSanitizer instead of memcheck", ["addresssanitizer", "asan"]),
    ("what does valgrind's --suppress-all option do", ["suppress-all"]),
    ("how do I install valgrind on a mac with homebrew", ["homebrew", "mac"]),
    ("what's the default of helgrind's --history-level option", ["history-level", "helgrind"]),
    ("what does callgrind --dump-instr=yes do", ["dump-instr", "callgrind"]),
    ("What is the default value of Memcheck's --leak-depth option?", ["leak-depth"]),
    ("how do i find data races with ThreadSanitizer", ["threadsanitizer", "race"]),
    ("can i run valgrind inside a docker container", ["docker", "container"]),
    ("how does valgrind compare to Dr. Memory for finding memory bugs", ["dr. memory", "drmemory"]),
    ("how does valgrind compare to heaptrack for heap profiling", ["heaptrack"]),
    ("what does path.compose() do in node", ["path.compose"]),
    ("how do i set up an express server with routes", ["express", "routes"]),
    ("how do i publish my package to npm", ["npm", "publish"]),
    ("does deno support the node:path module", ["deno"]),
    ("what does os.gpus() return", ["os.gpus", "gpus"]),
    ("how do i read a file with fs.readFile", ["readfile", "fs.readfile"]),
    ("setTimeout vs requestAnimationFrame, which is better for animations", ["requestanimationframe"]),
    ("what does emitter.emitAsync() return", ["emitasync"]),
    ("how do i restart my node app automatically when files change with nodemon", ["nodemon"]),
    ("how do i take a heap snapshot in chrome devtools to find a node memory leak", ["devtools", "chrome"]),
]
