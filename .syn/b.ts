const u = process.cpuUsage(); console.log(((u.user + u.system) / 1000).toFixed(1))
import { Elysia } from 'elysia'
if (process.argv[2] === 'x') console.log(new Elysia())
