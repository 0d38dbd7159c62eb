"""Hand-written English questions for the realdocs_fresh8 benchmark (data only, stdlib only).

Theme of this set: questions typed the way students type into a chat (lower case, no question mark,
everyday words instead of the manual's terms), with short literal gold spans from the documents.
EN rows: (doc, page, question, answers, type); page = physical PDF page (1-based), None for the HTML
pages and the plain-text document.
UNANS rows: (question, key terms) -- on-topic questions that none of the documents answers; the first
term is the core term, which check_en.py requires to occur nowhere in this set's documents (nor in the
Arabic half's pages).
Imported by build_en.py (which writes qa_en.jsonl) and check_en.py.
"""

BIB = 'en-biber.pdf'
VIM = 'en-vim-usr_05.txt'
MINT = 'en-handbook-sect.linux-mint.html'
DOUDOU = 'en-handbook-sect.doudoulinux.html'

EN = [
    # --- Biber 2.18 manual (PDF, 57 pages; physical page = printed page number) ---
    (BIB, 3, "does biber care about upper vs lower case in citation keys", ["now case-sensitive"], "fact"),
    (BIB, 3, "can i use biber with my old .bst style", ["cannot be used as a stand-alone tool"], "fact"),
    (BIB, 3, "what language is biber written in", ["written in Perl"], "fact"),
    (BIB, 4, "what licence is biber released under", ["Artistic License"], "fact"),
    (BIB, 5, "which biblatex version do i need with biber 2.18", ["3.18"], "numeric"),
    (BIB, 6, "what's the entry type for the 'syntactic' inheritance thing", ["@XDATA"], "definition"),
    (BIB, 7, "roughly how big is biber's code", ["20,000 lines"], "numeric"),
    (BIB, 9, "how long does biber take on the big 2150 entry test file", ["just under 30 seconds"], "numeric"),
    (BIB, 9, "will biber escape & and % in my titles for me", ["will not attempt to sanitise"], "fact"),
    (BIB, 9, "what exit code does biber return when something goes wrong", ["2 if there was an error"], "numeric"),
    (BIB, 9, "short version of the --configfile flag", ["biber -g somefile.conf", "-g"], "command"),
    (BIB, 9, "Who wrote the first version of Biber?", ["François Charette"], "fact"),
    (BIB, 10, "i set an option on the command line and in biber.conf, which one wins",
     ["command line options"], "fact"),
    (BIB, 12, "where does biber look for its config file first", ["biber.conf in the current directory"], "fact"),
    (BIB, 12, "on linux can i keep the biber config in my home folder, what's the file name",
     ["$HOME/.biber.conf"], "command"),
    (BIB, 14, "i only want a .bib with the stuff i actually cited, how",
     ["biber --output-format=bibtex test.bcf", "--output-format=bibtex"], "command"),
    (BIB, 14, "after that bibtex output run, what's the new file called for test.tex", ["test_biber.bib"], "fact"),
    (BIB, 15, "can i pass sourcemap stuff on the command line", ["can only be set in the config file"], "fact"),
    (BIB, 20, "get rid of the abstract field in all my entries with a sourcemap",
     ['map_field_set="ABSTRACT" map_null="1"'], "command"),
    (BIB, 30, "sort all articles before books in the bibliography", ['<presort type="article">aa</presort>',
                                                                    'presort type="article"'], "command"),
    (BIB, 30, "my report entries have junk years, make sorting ignore year just for reports",
     ['<sortexclusion type="report">year</sortexclusion>'], "command"),
    (BIB, 33, "make sorting skip 'The' at the start of titles", ['value="\\AThe\\s+"'], "command"),
    (BIB, 33, "some authors show up as D[onald] Knuth and some as Donald Knuth, which option makes them the same",
     ["nonamestring"], "fact"),
    (BIB, 34, "what unicode normal form does biber use internally", ["NFD"], "definition"),
    (BIB, 35, "what's the log file called if i run biber on test.bcf", ["test.blg"], "fact"),
    (BIB, 35, "biber can't write the .bbl because i have no permission in that folder, what do i set",
     ["--output-file|-O", "--output-file"], "command"),
    (BIB, 35, "Which Perl module does Biber use for collation?", ["Unicode::Collate"], "fact"),
    (BIB, 36, "what locale do i use for old-style spanish sorting with ch", ["es_ES_trad"], "fact"),
    (BIB, 36, "make sorting case insensitive", ["--sortcase=false"], "command"),
    (BIB, 36, "want lowercase sorted before uppercase", ["--sortupper=false"], "command"),
    (BIB, 38, "pdflatex with inputenc breaks on a weird character from my .bib, what biber option helps",
     ["--output-safechars"], "command"),
    (BIB, 39, "how do i get the .bbl in latin2", ["biber --output-encoding=latin2"], "command"),
    (BIB, 40, "my .bib uses 'und' between author names, what do i set", ["--namesep=und"], "command"),
    (BIB, 41, "turn off the extended name format", ["--noxname"], "command"),
    (BIB, 42, "biber keeps warning that the month macros are redefined, make it stop", ["--nostdmacros"], "command"),
    (BIB, 43, "what does --dot-include default to", ["--dot-include=crossref,section,xdata,xref"], "command"),
    (BIB, 43, "turn the .dot file into an svg", ["dot -Tsvg <file>.dot -o <file>.svg", "dot -Tsvg"], "command"),
    (BIB, 45, "ran tool mode on file.bib, where does the output end up", ["file_bibertool.bib"], "fact"),
    (BIB, 46, "all caps field names when reformatting my bib", ["--output-fieldcase=upper"], "command"),
    (BIB, 47, "in tool mode with no config file of my own, which config does it fall back to",
     ["biber-tool.conf"], "fact"),

    # --- Vim user manual, chapter 05 "Set your settings" (usr_05.txt, plain text) ---
    (VIM, None, "where do i put my vim config on linux", ["~/.vimrc"], "fact"),
    (VIM, None, "made my own vimrc and lost all the nice defaults, how do i get them back",
     ["source $VIMRUNTIME/defaults.vim"], "command"),
    (VIM, None, "highlight every match of what i searched", ["set hlsearch"], "command"),
    (VIM, None, "which line in the example config makes those file~ copies when saving", ["set backup"], "command"),
    (VIM, None, "I want to undo changes even after closing and reopening a file. Which option?",
     ["undofile"], "command"),
    (VIM, None, "how many commands does vim remember with defaults.vim", ["set history=200", "200 commands"],
     "numeric"),
    (VIM, None, "at what line length does the example vimrc wrap plain text files", ["textwidth=78"], "numeric"),
    (VIM, None, "backspace won't delete over line breaks in insert mode, fix",
     ["set backspace=indent,eol,start"], "command"),
    (VIM, None, "esc takes like a second to kick in, what's the setting", ["set ttimeoutlen=100"], "command"),
    (VIM, None, "ctrl-a turns 007 into 010, make it stop treating those as octal", ["set nrformats-=octal"],
     "command"),
    (VIM, None, "what does Q do with the example vimrc", ["map Q gq"], "definition"),
    (VIM, None, "turn on the mouse in vim", ["set mouse=a"], "command"),
    (VIM, None, "jump between matching if/else with % , which plugin do i load and how", ["packadd! matchit"],
     "command"),
    (VIM, None, "where do global plugins go on unix", ["~/.vim/plugin/"], "fact"),

    # --- Debian handbook (en-US), A.3 Linux Mint and A.10 DoudouLinux ---
    (MINT, None, "whats the debian based mint called", ["Linux Mint Debian Edition", "LMDE"], "definition"),
    (MINT, None, "default desktop on linux mint", ["Cinnamon"], "fact"),
    (MINT, None, "what's special about mint's package update tool",
     ["evaluation of the risk from each package update"], "fact"),
    (MINT, None, "Does Linux Mint ship proprietary software? Give an example.", ["Adobe Flash", "multimedia codecs"],
     "fact"),
    (DOUDOU, None, "debian distro for little kids", ["DoudouLinux"], "fact"),
    (DOUDOU, None, "from what age is doudoulinux meant for", ["2 years old"], "numeric"),
    (DOUDOU, None, "what is doudoulinux's desktop based on", ["LXDE"], "fact"),
    (DOUDOU, None, "is doudoulinux still being developed", ["hasn't seen any active development"], "fact"),
]

UNANS = [
    # biber
    ("can biber pull my references straight from zotero", ["zotero"]),
    ("does biber read csl json files", ["csl"]),
    ("how do i use biber on overleaf", ["overleaf"]),
    ("how to make latexmk run biber automatically", ["latexmk"]),
    ("Is Biber faster than bibtex8?", ["bibtex8"]),
    # vim
    ("how do i install vim-plug", ["vim-plug"]),
    ("set a dark color scheme like gruvbox in my vimrc", ["gruvbox", "colorscheme"]),
    ("make vim copy to the system clipboard", ["clipboard"]),
    ("how do i get relative line numbers", ["relativenumber", "number"]),
    ("change the leader key to space", ["mapleader", "leader"]),
    # handbook pages
    ("what's the code name of LMDE 5", ["elsie"]),
    ("can I set a parental control password in DoudouLinux?", ["parental", "password"]),
]
