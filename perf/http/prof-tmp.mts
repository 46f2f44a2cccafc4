import { framedLoad } from './framed-load.js';
const url = process.argv[2]!;
const r = await framedLoad({ url, connections: 50, seconds: 10, headers: { 'accept-encoding': 'gzip, deflate, br', accept: '*/*' } });
console.log(url, Math.round(r.total / 10), 'p99', r.p99Ms.toFixed(1));
