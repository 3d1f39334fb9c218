// The yardstick of `npm run bench`: a bare node:http server answering every request with the body in
// argv[2] (the app's small health JSON), with the headers in argv[3] (JSON; default: the JSON content
// type), nothing else. Prints its port once listening.
import http from 'node:http';

const body = Buffer.from(process.argv[2] ?? '{"status":"ok","database":"ok"}');
const headers = {
  'content-type': 'application/json',
  ...(process.argv[3] ? JSON.parse(process.argv[3]) : {}),
  'content-length': body.length,
};
const server = http.createServer((_request, response) => {
  response.writeHead(200, headers);
  response.end(body);
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${server.address().port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
