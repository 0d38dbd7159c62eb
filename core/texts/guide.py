"""What guide mode says around the concepts it shows instead of a solution."""
from __future__ import annotations

from core.i18n import Catalog

GUIDE = Catalog({
    "en": {
        "intro": "This looks like graded work, so I won't hand you a solution, but here is "
                 "what you need to work it out yourself. Key ideas from your materials:",
        "intro_none": "This looks like graded work, so I won't hand you a solution. I couldn't "
                      "find the ideas it relies on in the course materials; your notes on the "
                      "topic are the place to start.",
        "steps": "Steps to try:\n1. Say in your own words what the task asks and which idea "
                 "above it uses.\n2. Work a small example by hand before writing anything "
                 "final.\n3. Write your own attempt, then check each step against the "
                 "definitions.",
        "question": "Which step are you stuck on? Send me your attempt and I'll help you "
                    "check it.",
    },
    "ar": {
        "intro": "يبدو أن هذا عمل مُقيَّم، لذلك لن أعطيك الحل، لكن هذا ما تحتاجه لتصل إليه "
                 "بنفسك. أهم الأفكار من موادك:",
        "intro_none": "يبدو أن هذا عمل مُقيَّم، لذلك لن أعطيك الحل. لم أجد الأفكار التي يعتمد "
                      "عليها في مواد المقرر؛ ابدأ من ملاحظاتك عن الموضوع.",
        "steps": "خطوات للتجربة:\n1. صِف بكلماتك ما المطلوب، وأي فكرة مما سبق يستخدم.\n"
                 "2. جرّب مثالًا صغيرًا بيدك قبل أن تكتب أي شيء نهائي.\n"
                 "3. اكتب محاولتك، ثم راجع كل خطوة فيها على ضوء التعريفات.",
        "question": "في أي خطوة تواجه صعوبة؟ أرسل لي محاولتك وسأساعدك في مراجعتها.",
    },
})
