/**
 * The sample's reviews in other languages, each with the English Google would show beside it.
 * `{tech}` is a technician's first name (names read the same in every language).
 */
export type ForeignText = { original: string; english: string }
export type ForeignLanguage = 'de' | 'es' | 'fr'

export const FOREIGN_TEXTS: Record<ForeignLanguage, Record<'positive' | 'negative' | 'mixed', ForeignText[]>> = {
  de: {
    positive: [
      {
        original: '{tech} war pünktlich und sehr freundlich. Alles wurde sauber erledigt, vielen Dank!',
        english: '{tech} was punctual and very friendly. Everything was done cleanly, thank you very much!',
      },
      {
        original: 'Schnelle Hilfe am Wochenende, faire Preise. {tech} hat alles genau erklärt. Gerne wieder!',
        english: 'Quick help on the weekend, fair prices. {tech} explained everything in detail. Happy to come back!',
      },
      {
        original: 'Kompetente Beratung und saubere Arbeit. Ich kann die Firma nur weiterempfehlen.',
        english: 'Competent advice and clean work. I can only recommend the company.',
      },
    ],
    negative: [
      {
        original: 'Der Termin wurde zweimal verschoben und niemand hat zurückgerufen. Sehr ärgerlich.',
        english: 'The appointment was postponed twice and nobody called back. Very annoying.',
      },
      {
        original: 'Für den Preis hätte ich deutlich mehr erwartet. {tech} war unfreundlich und hat Dreck hinterlassen.',
        english: 'For the price I would have expected much more. {tech} was unfriendly and left a mess.',
      },
    ],
    mixed: [
      {
        original: '{tech} war freundlich und kompetent, aber die Rechnung war höher als das Angebot.',
        english: '{tech} was friendly and competent, but the bill was higher than the quote.',
      },
    ],
  },
  es: {
    positive: [
      {
        original: '{tech} llegó puntual y fue muy amable. Todo quedó limpio y funcionando. ¡Muchas gracias!',
        english: '{tech} arrived on time and was very kind. Everything was left clean and working. Thank you very much!',
      },
      {
        original: 'Excelente atención, precio justo y trabajo impecable. Los recomiendo totalmente.',
        english: 'Excellent service, fair price and impeccable work. I totally recommend them.',
      },
    ],
    negative: [
      {
        original: 'Nadie vino a la cita y tuve que llamar tres veces. Muy mal servicio.',
        english: 'Nobody came to the appointment and I had to call three times. Very bad service.',
      },
      {
        original: 'El técnico llegó tarde y el precio fue mucho más alto de lo acordado.',
        english: 'The technician arrived late and the price was much higher than agreed.',
      },
    ],
    mixed: [
      {
        original: '{tech} hizo un buen trabajo, pero tardaron una semana en darnos una cita.',
        english: '{tech} did a good job, but it took them a week to give us an appointment.',
      },
    ],
  },
  fr: {
    positive: [
      {
        original: 'Intervention rapide un dimanche soir, travail soigné. {tech} est très professionnel, merci !',
        english: 'Quick call-out on a Sunday evening, careful work. {tech} is very professional, thank you!',
      },
      {
        original: 'Devis respecté, chantier propre, rien à redire. Je recommande vivement.',
        english: 'Quote respected, clean site, nothing to complain about. I highly recommend.',
      },
    ],
    negative: [
      {
        original: 'Personne n’est venu et aucune nouvelle depuis. Je ne ferai plus appel à eux.',
        english: 'Nobody came and no news since. I will not call on them again.',
      },
      {
        original: 'Trop cher pour une petite réparation, et la fuite est revenue au bout de deux jours.',
        english: 'Too expensive for a small repair, and the leak came back after two days.',
      },
    ],
    mixed: [
      {
        original: '{tech} était sympathique et efficace, mais l’accueil téléphonique laisse à désirer.',
        english: '{tech} was friendly and efficient, but the phone service leaves something to be desired.',
      },
    ],
  },
}

/** Paragraphs of the long reviews (2,000+ characters): the stories real customers write, with quotes, prices, links and emoji. */
export const LONG_PARAGRAPHS: Record<'positive' | 'negative', string[][]> = {
  positive: [
    [
      'I don’t usually write long reviews, but this one deserves the detail, because the short ones never tell you what actually happened.',
      'Long review incoming — sorry, but I think the details matter when you’re choosing who to let into your house.',
    ],
    [
      'A bit of background: we bought this house in 2019 and have used four different companies since. One never called back, one sent a different person every time, and one charged us for a "diagnostic" that turned out to be a look at the label. So my bar was low, but this was still in a different league.',
      'Some context first: our house is from the 1970s, so nothing is standard size, and the last two companies we called took one look and said they would need to "come back with the right parts". That’s the reason I was sceptical going in, and why I’m writing this much.',
    ],
    [
      'Our {service} gave out on a Friday evening, right before we had fourteen people coming for my son’s birthday. I called three companies. Two didn’t pick up, and the third wanted $250 just to "take a look" on a weekend. {business} answered on the second ring and gave me a two-hour window.',
      'We had been putting off dealing with the {service} for months. When it finally quit in the middle of a cold snap, I expected a week of waiting and a huge bill. Instead {business} had someone at the door the same afternoon, and they called twenty minutes ahead like they said they would.',
    ],
    [
      '{tech} walked me through the options without any pressure: a temporary fix for about $180, or the full job for $1,450 including parts, haul-away and the permit. {tech} even said, and I quote, "Honestly, the cheap fix will hold until spring if money is tight right now." Nobody says that when they are trying to upsell you.',
      '{tech} took the time to show me photos of what was wrong before touching anything, explained which parts were worn and which were fine, and wrote the price on the work order before starting. When I asked "is this really necessary?", the answer was a straight "no, that part can wait another year or two."',
    ],
    [
      'The work itself was careful. Shoe covers, drop cloths, and everything vacuumed afterwards — the utility room honestly looks better than it did before. The invoice matched the quote to the dollar, and the warranty terms were printed on it (one year on labour, in writing).',
      'Everything was finished in under three hours. They tested it twice, cleaned up, and left a sticker with the date and the phone number for next time. The final bill was exactly what we agreed, no "surprise" fees. 👍',
    ],
    [
      'Two small things could be better: the online booking page (https://summitridge.example.com/book) still said "next available: Tuesday", which almost made me hang up, and the confirmation text arrived after the visit had already started. 😅 Minor, but worth fixing.',
      'If I had to nitpick: the office could send the quote by email before the visit — I had to ask for it twice — and their website (https://summitridge.example.com) doesn’t list weekend rates anywhere, so I had no idea what to expect.',
    ],
    [
      'What impressed me most was the follow-up. The next morning the office called to ask whether everything was still working, and a week later we got an email with the photos from the visit and a note about what to keep an eye on. That kind of care is rare.',
      'They also answered my dumb questions without making me feel dumb: what the noise was, why the old part failed, what I can do myself next time. I now know where the shut-off valve is and how to check it, which I should have known years ago. 🙂',
    ],
    [
      'Still: five stars, no hesitation. If something breaks, call them instead of using the web form. We have already passed their number to two neighbours. 🙌',
      'Bottom line: honest, competent and tidy. We’ll be calling them again for the next job, and I’ve already recommended them in our neighbourhood group. ⭐⭐⭐⭐⭐',
    ],
    [
      'On price: it was not the cheapest quote we got, but it was the only one that listed every part and every hour, and the only one that did not change once the work started. I would rather pay a little more and know exactly what I am paying for.',
      'On price, since people always ask: it was in the middle of the three quotes we got, but it was the only written one, and the only one that included cleanup and a return visit if anything was off. Worth every cent, in my opinion.',
    ],
    [
      'P.S. For anyone comparing quotes: ask whether the price includes the permit and the disposal fee. Theirs did; the other quote I got ("$1,199 all-in!") did not, and would have come to $1,520 in the end.',
      'P.S. Tip for other customers: ask about their yearly service agreement. It paid for itself with the first visit, and they remind you when the next one is due.',
    ],
  ],
  negative: [
    [
      'I’m writing this long review because the five-star ones don’t match what happened to us, and I think people deserve the whole story.',
      'I gave this a lot of thought before posting, and I waited a few weeks so I wasn’t writing it angry. Here is exactly what happened, in order, so you can judge for yourself.',
    ],
    [
      'Some background: we had used them twice before with no problems, which is why we called them first. I even recommended them to a neighbour last year, so this is not a review I ever expected to write, and I have tried to stick to the facts.',
      'For context, this was not an emergency. We booked well in advance, confirmed twice, took the afternoon off work both times, and had the area cleared and ready, exactly as the confirmation email asked us to.',
    ],
    [
      'To be fair, the repair itself might have been fine in the end; it is hard to tell because the problem came back within the month. When I called about the warranty, the office said it covered "parts, not labour", which was not what we were told at the door.',
      'The second visit was better: a different technician, on time, polite, and clearly competent. But by then we had lost two afternoons of work, and nobody acknowledged that the first visit had gone wrong, let alone offered anything for it.',
    ],
    [
      'I’m leaving two stars rather than one because the phone staff were always polite and did try to help, and because the price of the part itself was fair. The problem is everything around it: the timing, the billing and the follow-up. 😕',
      'I also want to be clear that I’m not after a refund. I posted this so that the next customer asks the right questions up front, and so that the owners see where things fall apart: between the office, the schedule and the people in the vans.',
    ],
    [
      'We booked a visit for our {service} nine days in advance. On the day, nobody showed up in the four-hour window and nobody called. When I phoned the office at 5 pm, I was told "the technician is running late" — nobody ever came. The rescheduled visit was another week later.',
      'The {service} started acting up again two weeks after the first repair. I called {business} right away, thinking it would be covered. It took three calls and an email before anyone would even book a return visit.',
    ],
    [
      '{tech} was polite, I’ll give them that, but spent most of the visit on the phone. The quote on the work order said $640; the invoice said $915, with a line for "additional materials" nobody mentioned. When I asked, the answer was "that’s standard," which it is not.',
      'When {tech} finally arrived, the diagnosis took ten minutes and the repair took forty, but the bill included two hours of labour. I asked, "Why two hours?" and was told it was the "minimum charge" — something that is not on their website or the quote.',
    ],
    [
      'They also left packaging and old parts in our garage, and there was a muddy trail across the hallway carpet. I had to clean it up myself after they left. 😞',
      'The worst part was the communication. Nobody told us about the delay, nobody followed up, and my emails to the office went unanswered for days.',
    ],
    [
      'I did send a complaint through their contact form (https://summitridge.example.com/contact) with photos. The reply was a generic "sorry for your experience" and an offer of 10% off the next visit, which is not much use when the problem isn’t fixed.',
      'For what it’s worth, I left the same feedback on their website form (https://summitridge.example.com/feedback) before writing this. No reply yet, three weeks later.',
    ],
    [
      'On the bill: I asked for an itemised invoice three times. What finally arrived had a single line, "service and materials", and a total that matched neither the quote nor what the technician had told us at the door. Nobody could explain the difference.',
      'About the money: we were charged a "trip fee" for the visit when nobody came, which was eventually refunded after two more calls. The refund took eleven days to appear, and nobody apologised for the charge in the first place.',
    ],
    [
      'Maybe we were unlucky, and other people clearly have had good experiences. But based on ours, get a written quote, get it confirmed by email, keep every text message, and don’t pay the balance until it is actually fixed and has stayed fixed for a week.',
      'I really wanted to support a local company. Unfortunately we ended up calling someone else, who fixed it for less. I hope the owners read this and change how they handle these situations.',
    ],
  ],
}
