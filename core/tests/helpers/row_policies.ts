/*
 * One way to authorise: `authorize(ctx, subject, action)` answers from the caller's abilities;
 * which rows the caller sees is the query's business (tenancy, team and brand scopes answer 404).
 * A Bouncer policy is only for a decision about a row the caller already sees, so:
 * - every action of a policy class (a class extending TenantPolicy or BasePolicy) takes the row:
 *   Bouncer calls it as `action(user, row, …)`, so it declares at least two parameters;
 * - every `….bouncer.with(Policy).authorize|allows|denies|execute('action', row, …)` call, and
 *   every inline `….bouncer.authorize|allows|denies|execute(ability, row, …)`, passes the row.
 * The files are parsed with the TypeScript compiler, so comments and strings never count.
 */
import ts from 'typescript'
import type { OwnedSource } from './table_ownership.js'

const POLICY_BASES = new Set(['TenantPolicy', 'BasePolicy'])
const CHECKS = new Set(['authorize', 'allows', 'denies', 'execute'])
/** Bouncer's policy hooks run before/after every action and take no row by design. */
const HOOKS = new Set(['constructor', 'before', 'after'])

const isBouncer = (node: ts.Expression) =>
  (ts.isPropertyAccessExpression(node) && node.name.text === 'bouncer') ||
  (ts.isIdentifier(node) && node.text === 'bouncer')

const isPublic = (member: ts.ClassElement) =>
  !ts
    .getModifiers(member as ts.MethodDeclaration)
    ?.some((modifier) =>
      [ts.SyntaxKind.PrivateKeyword, ts.SyntaxKind.ProtectedKeyword, ts.SyntaxKind.StaticKeyword].includes(
        modifier.kind
      )
    ) && !(member.name && ts.isPrivateIdentifier(member.name))

/** Every Bouncer policy action or call that judges no row, as `path:line: message` lines. */
export function findRowlessAuthorisation(sources: OwnedSource[]): string[] {
  const violations: string[] = []
  for (const source of sources) {
    if (source.migration || !/bouncer|Policy/.test(source.text)) continue
    const file = ts.createSourceFile(source.path, source.text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX)
    const where = (node: ts.Node) => `${source.path}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`

    const visit = (node: ts.Node) => {
      if (ts.isClassLike(node)) {
        const base = node.heritageClauses
          ?.find((clause) => clause.token === ts.SyntaxKind.ExtendsKeyword)
          ?.types[0]?.expression.getText(file)
        if (base && POLICY_BASES.has(base.split('.').pop()!)) {
          const name = node.name?.text ?? '(anonymous policy)'
          for (const member of node.members) {
            if (!ts.isMethodDeclaration(member) && !ts.isPropertyDeclaration(member)) continue
            const method = member.name?.getText(file) ?? ''
            if (HOOKS.has(method) || !isPublic(member)) continue
            const fn = ts.isMethodDeclaration(member)
              ? member
              : member.initializer &&
                  (ts.isArrowFunction(member.initializer) || ts.isFunctionExpression(member.initializer))
                ? member.initializer
                : undefined
            if (fn && fn.parameters.length < 2)
              violations.push(
                `${where(member)}: ${name}.${method} judges no row (an action takes the user and the row); ` +
                  'use authorize(ctx, subject, action)'
              )
          }
        }
      }
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
        const check = node.expression.name.text
        const target = node.expression.expression
        const viaPolicy =
          ts.isCallExpression(target) &&
          ts.isPropertyAccessExpression(target.expression) &&
          target.expression.name.text === 'with' &&
          isBouncer(target.expression.expression)
        if (CHECKS.has(check) && (viaPolicy || isBouncer(target)) && node.arguments.length < 2)
          violations.push(
            `${where(node)}: bouncer.${viaPolicy ? `with(${(target as ts.CallExpression).arguments[0]?.getText(file)}).` : ''}${check} ` +
              'is given no row; use authorize(ctx, subject, action)'
          )
      }
      ts.forEachChild(node, visit)
    }
    visit(file)
  }
  return violations
}
