const u = process.cpuUsage(); console.log(((u.user + u.system) / 1000).toFixed(1))
