/**
 * Preloaded into a child process (`node --import`): makes the platform packages of the native
 * helpers (@oxc-parser/binding-*, @oxc-resolver/binding-*) impossible to find, as on a machine
 * npm installed no binding for, or under a .vsix built for another platform. The helpers' own
 * loaders then fail the way they would there.
 */
import module from 'node:module';

// Node 22.15's synchronous hooks, which `require` goes through too; not in @types/node 20 yet.
/** @type {any} */ (module).registerHooks({
  resolve(/** @type {string} */ specifier, /** @type {unknown} */ context, /** @type {(specifier: string, context: unknown) => unknown} */ nextResolve) {
    if (/^@oxc-(parser|resolver)\/binding-/.test(specifier)) {
      throw Object.assign(new Error(`Cannot find module '${specifier}'`), { code: 'MODULE_NOT_FOUND' });
    }
    return nextResolve(specifier, context);
  },
});
