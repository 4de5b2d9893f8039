const tz = 'America/Denver'
const mode = process.argv[2]
const t = performance.now()
if (mode === 'both') { new Intl.DateTimeFormat('en-US', { timeZone: tz }); Temporal.PlainDate.from('2000-01-01').toZonedDateTime({ timeZone: tz }) }
else if (mode === 'intl') new Intl.DateTimeFormat('en-US', { timeZone: tz })
else if (mode === 'temporal') Temporal.PlainDate.from('2000-01-01').toZonedDateTime({ timeZone: tz })
else if (mode === 'supported') Intl.supportedValuesOf('timeZone').includes(tz)
else if (mode === 'instant') Temporal.Now.instant().toZonedDateTimeISO(tz)
console.log((performance.now() - t).toFixed(2))
