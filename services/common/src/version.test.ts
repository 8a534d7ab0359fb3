import { subdomainFromHost } from './version';

describe('subdomainFromHost', () => {
  it("matches any port, or none, where EXTERNAL_HOST names no port (Zulip's get_subdomain)", () => {
    for (const host of ['chat.example.com', 'chat.example.com:443', 'chat.example.com:9991', 'CHAT.Example.com:9992']) {
      expect([host, subdomainFromHost(host, 'chat.example.com')]).toEqual([host, '']);
      expect([host, subdomainFromHost(`acme.${host}`, 'chat.example.com')]).toEqual([host, 'acme']);
    }
  });

  it('wants the same port where EXTERNAL_HOST names one', () => {
    expect(subdomainFromHost('acme.localhost:9991', 'localhost:9991')).toBe('acme');
    expect(subdomainFromHost('localhost:9991', 'localhost:9991')).toBe('');
    for (const host of ['acme.localhost:9992', 'acme.localhost', 'localhost:9992', 'localhost']) expect([host, subdomainFromHost(host, 'localhost:9991')]).toEqual([host, undefined]);
  });

  it('names no realm of it for another host, on any port', () => {
    for (const host of ['127.0.0.1:9991', '[::1]:9991', 'proxy.example.test', 'example.com:443', 'evilchat.example.com', 'chat.example.com.evil.test:443']) {
      expect([host, subdomainFromHost(host, 'chat.example.com')]).toEqual([host, undefined]);
    }
  });
});
