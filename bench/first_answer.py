"""One fresh process answering sample-course questions the way `studybuddy run` does, offline:
`python -m bench.first_answer DATA_DIR warm|cold|reversed|during` prints JSON timings, in
question order (reversed: warmed up, the questions asked last to first; during: the models
loaded, the course's passages warming in the background as `studybuddy run` does, the first
question DURING_DELAY_S after; bench_first_answer.py runs it). A fresh process is the point:
the models load once per process."""
from __future__ import annotations

import asyncio
import json
import sys
import time
from pathlib import Path

QUESTIONS = [
    "What is quicksort?", "What is the worst case of insertion sort?", "How does merge sort work?",
    "What is Big-O notation?", "What is the difference between best and worst case?",
    "How does binary search work?", "What is a hash table?", "What is a collision in hashing?",
    "What is the load factor?", "What is breadth-first search?", "How does Dijkstra's algorithm work?",
    "What is a topological sort?", "Where does glycolysis happen?", "What is the Krebs cycle?",
    "How much ATP does respiration make?", "What is fermentation?", "What is the Calvin cycle?",
    "What does chlorophyll absorb?", "What affects the rate of photosynthesis?",
    "What is space complexity?", "What is heap sort?", "Which sorting algorithm is stable?",
    "ما هو التمثيل الضوئي؟", "ما هي دورة كالفن؟", "ما هو الترتيب بالدمج؟", "ما هو الترتيب السريع؟",
    "ما هي معادلة التمثيل الضوئي؟", "أين توجد البلاستيدات الخضراء؟",
    "What is depth-first search?", "How are graphs represented?", "What is linear search?",
    "What is pyruvate oxidation?", "What is the electron transport chain?",
    "What is Big-Theta notation?", "How do I choose a sorting algorithm?",
]

DURING_DELAY_S = 1.0


async def measure(data_dir: Path, mode: str) -> dict[str, object]:
    from bot.composition import compose
    from bot.settings import load_settings
    from core.messages import IncomingMessage

    settings = load_settings(data_dir=data_dir, wikipedia_enabled=False, arxiv_enabled=False,
                             web_search="none", rate_limit_per_minute=600)
    started = time.perf_counter()
    app = (await compose(settings)).app
    built = time.perf_counter() - started
    background = None
    try:
        if mode == "during":
            warm_s = await app.service.warm_up(course=False)
            background = asyncio.create_task(app.service.warm_course())
            await asyncio.sleep(DURING_DELAY_S)
        else:
            warm_s = await app.service.warm_up() if mode != "cold" else 0.0
        order = list(range(len(QUESTIONS)))[::-1 if mode == "reversed" else 1]
        seconds = [0.0] * len(QUESTIONS)
        for n in order:
            asked = time.perf_counter()
            await app.service.handle(IncomingMessage("bench", f"u{n}", f"c{n}", QUESTIONS[n]))
            seconds[n] = time.perf_counter() - asked
        if background is not None:
            await background
    finally:
        await app.close()
    return {"build_s": built, "warm_up_s": warm_s, "seconds": seconds}


if __name__ == "__main__":
    print(json.dumps(asyncio.run(measure(Path(sys.argv[1]), sys.argv[2]))))
