import assert from 'node:assert/strict';
import passport from '../../../../rules/project/frameworks/events/passport.js';
import { registrationsIn, declaredIn } from '../framework-probe.js';

describe('frameworks: passport strategies', () => {
  it('takes the verify callback of a strategy from a passport package as run on every authentication', () => {
    const code = `import { Strategy as BearerStrategy } from 'passport-http-bearer';
import * as saml from '@node-saml/passport-saml';
const strategies = [
  new BearerStrategy({}, verifyToken),
  new saml.Strategy({ path: '/sso' }, async (profile, done) => done(null, profile)),
];`;
    assert.deepEqual(registrationsIn(passport, code), [
      { label: 'passport-http-bearer authentication', kind: 'request', handler: 'verifyToken' },
      { label: '@node-saml/passport-saml authentication', kind: 'request', handler: 'async (profile, done) => done(null, profile)' },
    ]);
  });

  it('ignores a class of the project, a package that does not say passport, and options alone', () => {
    const code = `import { Strategy } from './strategy.js';
import { Verifier } from 'token-tools';
import { Strategy as Anonymous } from 'passport-anonymous';
new Strategy((user, done) => done(null, user));
new Verifier((token) => token);
new Anonymous({ realm: 'public' });`;
    assert.deepEqual(registrationsIn(passport, code), []);
  });

  it('takes validate() of a NestJS PassportStrategy class, named by its strategy package', () => {
    const code = `import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-jwt';
export class TicketStrategy extends PassportStrategy(Strategy) {
  async validate(payload) { return payload.sub; }
  describe() { return 'ticket'; }
}
export class Other extends Base { async validate() {} }`;
    assert.deepEqual(declaredIn(passport, code), [{ label: 'passport-jwt authentication (TicketStrategy.validate)', kind: 'request', handler: '(payload) { return payload.sub; }' }]);
  });
});
