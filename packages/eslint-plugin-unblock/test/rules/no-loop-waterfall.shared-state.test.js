/**
 * Loop iterations that share state (issue 22, cause 2): iterations may run
 * together only when each one's writes are shown to go to its own element's
 * record. Every valid case is a pattern reduced from real code where the
 * rule used to report; the invalid cases keep the keyed writes reporting.
 */
import { runRuleTests } from './rule-tester.js';
import rule from '../../rules/no-loop-waterfall.js';

const valid = [
  // --- A callee reads one shared record, changes it and writes it back ---
  // Each call appends to the same `drafts:all` field: run together, iterations lose each other's appends.
  `async function resetTemplate(name) {
  const area = await db.getObject(\`area:\${name}\`);
  const drafts = await db.getField('drafts:all', 'list');
  await db.setField('drafts:all', 'list', drafts.concat(area));
}
async function resetAll(names) {
  for (const name of names) await resetTemplate(name);
}`,

  // The same, with the callee assigned to an alias of module.exports (found in real code): the alias is
  // followed to the body, which read-modify-writes the shared record.
  `const templates = module.exports;
templates.resetTemplate = async function (name) {
  const area = await db.getObject(\`area:\${name}\`);
  const drafts = await db.getField('drafts:all', 'list');
  await db.setField('drafts:all', 'list', drafts.concat(area));
};
templates.resetAll = async function (names) {
  for (const name of names) await templates.resetTemplate(name);
};`,

  // --- Every iteration writes a record named the same way (check-then-create, counters) ---
  // One group for every member: a join that creates the group when missing and bumps its count races with itself.
  `async function addModerators(members) {
  for (const member of members) await groups.enroll(['cid:0:moderators'], member);
}`,
  // The group's name comes from the outer loop: fixed within this one.
  `async function grantAll(cid, uids) {
  for (const uid of uids) await groups.enroll(\`cid:\${cid}:view_deleted\`, uid);
}`,
  // The list of groups is built inside the loop, but from shared data only: the same records every time.
  `async function give(method, privileges, cids, members) {
  for (const member of members) {
    const groupKeys = [];
    cids.forEach((cid) => {
      privileges.forEach((privilege) => groupKeys.push(\`cid:\${cid}:privileges:\${privilege}\`));
    });
    await method(groupKeys, member);
  }
}`,

  // --- One shared object changes its own state ---
  // ONE calculator made before the loop: update() mutates its buckets, so the updates must not interleave.
  `async function migrate(heartbeats) {
  const calculator = new UptimeCalculator();
  for (const beat of heartbeats) {
    await calculator.update(beat.status, beat.ping);
  }
}`,

  // --- A local recursive helper changes outer state ---
  // traverse() pushes into the outer listing: run together, the order of the listing changes.
  `async function listFolders(api) {
  const listing = [];
  let traverse = async (parentId) => {
    const children = await api.children(parentId);
    listing.push(...children);
    for (const child of children) {
      if (child.count) await traverse(child.id);
    }
  };
  await traverse(null);
  return listing;
}`,
  // walk() appends to a shared output buffer and awaits emit() for streamed parts: the output would interleave.
  `async function compile(tree, output) {
  let parts = [];
  let emit = async (stream) => {
    output.write(parts.join(''));
    parts = [];
    await stream.drained();
  };
  let walk = async (node) => {
    parts.push(node.text);
    if (node.stream) await emit(node.stream);
    for (const child of node.children) await walk(child);
  };
  await walk(tree);
}`,

  // --- A function handed in by the caller: nothing shows what it does ---
  // Found in real code (an upload handler that stores each file through a callback its routes pass in):
  // no body to read and no verb in its name, so its writes cannot be keyed to the element; the
  // callback may copy files and record them under one user's list, and one failure stops the loop.
  `async function storeAll(files, handleFile) {
  const stored = [];
  for (const file of files) stored.push(await handleFile(file));
  return stored;
}`,
  // The same callback taken from an options object first: still a value only the caller knows.
  `async function visitAll(entries, options) {
  const { visit } = options;
  for (const entry of entries) await visit(entry);
}`,
  // A method of a parameter whose name says nothing (no read verb, no body): unknown effects.
  `async function pushAll(items, remote) {
  for (const item of items) await remote.mirror(item);
}`,

  // --- Not worth acting on ---
  // The callee only computes: nothing waits, so nothing is gained by running the iterations together.
  `async function toPublic(items) {
  const out = [];
  for (const item of items) out.push(await describe(item));
  return out;
}
async function describe(item) {
  return { name: item.name.trim(), size: item.size * 2 };
}`,
  // Each iteration already runs a batch together: the loop is how the author bounds the concurrency
  // (shutdown groups run one after another on purpose, each group's handlers together).
  `async function shutdown(groups, keys) {
  for (const key of keys) {
    const handlers = groups[key];
    await Promise.allSettled(handlers.map(async (handler) => {
      await handler.callback();
    }));
  }
}`,

  // --- Deliberate fire-and-forget ---
  // The async forEach catches the errors of what it awaits and is the function's last work: a fan-out
  // to many clients. Awaiting it (the suggested Promise.all) would hold up delivery to the next client.
  `async function onDelete(subscriptions, clients, message) {
  for (const [clientId, requestIds] of Object.entries(subscriptions)) {
    const client = clients.get(clientId);
    requestIds.forEach(async (requestId) => {
      try {
        const allowed = await matchesAcl(client, requestId);
        if (allowed) client.pushDelete(requestId, message);
      } catch (error) {
        client.pushError(requestId, error.message);
      }
    });
  }
}`,

  // --- eval can read and write any binding ---
  `async function saveAll(items, code) {
  for (const item of items) await save(item);
  return eval(code);
}`,
];

const invalid = [
  {
    // A callback handed in whose name says it reads (\`fetchUser\`): nothing to keep in order.
    code: `async function loadAll(ids, fetchUser) {
  const users = [];
  for (const id of ids) users.push(await fetchUser(id));
  return users;
}`,
    errors: [
      {
        messageId: 'loopWaterfall',
        line: 3,
        suggestions: [
          {
            messageId: 'runTogether',
            output: `async function loadAll(ids, fetchUser) {
  const users = await Promise.all(Array.from(ids, (id) => fetchUser(id)));
  return users;
}`,
          },
        ],
      },
    ],
  },
  {
    // Keyed by the element: each iteration removes its own record.
    options: [{ includeWrites: true }],
    code: `async function forget(ids) {
  for (const id of ids) await cache.del(\`user:\${id}\`);
}`,
    errors: [
      {
        messageId: 'loopWaterfall',
        line: 2,
        suggestions: [
          {
            messageId: 'runTogether',
            output: `async function forget(ids) {
  await Promise.all(Array.from(ids, (id) => cache.del(\`user:\${id}\`)));
}`,
          },
        ],
      },
    ],
  },
  {
    // The group's name comes from this loop's element: a different group per iteration.
    code: `async function openCategories(cids) {
  for (const cid of cids) await groups.enroll(\`cid:\${cid}:read\`, 'guests');
}`,
    errors: [
      {
        messageId: 'loopWaterfall',
        line: 2,
        suggestions: [
          {
            messageId: 'runTogether',
            output: `async function openCategories(cids) {
  await Promise.all(Array.from(cids, (cid) => groups.enroll(\`cid:\${cid}:read\`, 'guests')));
}`,
          },
        ],
      },
    ],
  },
  {
    // One calculator per iteration is the iteration's own object.
    options: [{ includeWrites: true }],
    code: `async function rebuild(days) {
  for (const day of days) {
    const calculator = new UptimeCalculator(day);
    await calculator.update(day.status);
  }
}`,
    errors: [
      {
        messageId: 'loopWaterfall',
        line: 2,
        suggestions: [
          {
            messageId: 'runTogether',
            output: `async function rebuild(days) {
  await Promise.all(Array.from(days, async (day) => {
    const calculator = new UptimeCalculator(day);
    await calculator.update(day.status);
  }));
}`,
          },
        ],
      },
    ],
  },
  {
    // A catch that throws again hands the error back to nobody: still an async forEach worth a report.
    code: `async function notify(users) {
  users.forEach(async (user) => {
    try {
      await send(user);
    } catch (error) {
      throw new Error(\`failed for \${user.id}\`, { cause: error });
    }
  });
}`,
    errors: [
      {
        messageId: 'asyncForEach',
        line: 2,
        suggestions: [
          {
            messageId: 'awaitAll',
            output: `async function notify(users) {
  await Promise.all(users.map(async (user) => {
    try {
      await send(user);
    } catch (error) {
      throw new Error(\`failed for \${user.id}\`, { cause: error });
    }
  }));
}`,
          },
        ],
      },
    ],
  },
  {
    // Errors caught, but the function goes on after the forEach: the code after it runs too early.
    code: `async function notify(users) {
  users.forEach(async (user) => {
    try {
      await send(user);
    } catch {
      log(user);
    }
  });
  return 'sent';
}`,
    errors: [
      {
        messageId: 'asyncForEach',
        line: 2,
        suggestions: [
          {
            messageId: 'awaitAll',
            output: `async function notify(users) {
  await Promise.all(users.map(async (user) => {
    try {
      await send(user);
    } catch {
      log(user);
    }
  }));
  return 'sent';
}`,
          },
        ],
      },
    ],
  },
];

runRuleTests('no-loop-waterfall', rule, { valid, invalid });
