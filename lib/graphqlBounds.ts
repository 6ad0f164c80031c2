import {
  type ExecutionArgs,
  type FieldNode,
  type FragmentDefinitionNode,
  getNamedType,
  GraphQLError,
  type GraphQLNamedType,
  type GraphQLSchema,
  isInterfaceType,
  isObjectType,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationRule,
} from 'graphql'

import { isStaff } from './roles'
import { GRAPHQL_BOUNDS, QUERY_BOUNDS } from './queryBounds'

type Walk = {
  schema: GraphQLSchema
  fragments: Map<string, FragmentDefinitionNode>
  /** Fragments being spread on the way to the selection at hand (a cycle would never end). */
  spreading: Set<string>
  maxComplexity: number
  rootFields: number
  /** Staff may ask for a document's permissions (`docAccess…`, lib/cmsApi.ts says why no one else may). */
  staff: boolean
  complexity: number
  /** Documents the root fields' pages may hold together, and the most they may. */
  documents: number
  maxDocuments: number
  variables: Readonly<Record<string, unknown>>
  refusal?: string
}

/** The variables a request gave, and the whole-number defaults its operation declares for the others. */
const withDefaults = (operation: OperationDefinitionNode, given: Walk['variables']): Walk['variables'] => {
  const defaults = (operation.variableDefinitions ?? []).flatMap(({ defaultValue, variable }) =>
    defaultValue?.kind === Kind.INT ? [[variable.name.value, Number(defaultValue.value)] as const] : [],
  )
  return { ...Object.fromEntries(defaults), ...given }
}

/** Payload's page when a list field names no limit. */
const DEFAULT_PAGE = 10

/**
 * The documents a root field may answer: its `limit` (a literal, or a variable's value), Payload's default page for a
 * list without one, 1 for a single document; at most `maxPage`, the largest page the caller may get (a larger one, or
 * `limit: 0`, is the page-size check's to refuse or cut, field by field).
 */
const documentsOf = (selection: FieldNode, type: GraphQLNamedType | undefined, variables: Walk['variables'], maxPage: number): number => {
  const limit = selection.arguments?.find((argument) => argument.name.value === 'limit')?.value
  const paginated = type !== undefined && isObjectType(type) && 'docs' in type.getFields()
  if (!limit) return paginated ? DEFAULT_PAGE : 1
  const value = limit.kind === Kind.INT ? Number(limit.value) : limit.kind === Kind.VARIABLE ? variables[limit.name.value] : undefined
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? Math.min(value, maxPage) : maxPage
}

/**
 * What each root field after the first adds to the documents an anonymous caller's or a member's operation asks for:
 * its own query and count. On the
 * benchmark's 10,000 articles a root field of one document cost about 2.3 ms, a document about 0.55 ms; 20 root
 * fields of 5 documents each held the event loop 90-158 ms, one field of 100 documents 46-55 ms.
 */
const ROOT_FIELD_DOCUMENTS = 4

/** What a field adds to Payload's complexity score: its `extensions.complexity` (10 for relationships and joins), else 1. */
const ownComplexity = (parent: GraphQLNamedType | undefined, name: string): { cost: number; type: GraphQLNamedType | undefined } => {
  const field = parent && (isObjectType(parent) || isInterfaceType(parent)) ? parent.getFields()[name] : undefined
  const declared: unknown = field?.extensions?.complexity
  return { cost: typeof declared === 'number' ? declared : 1, type: field ? getNamedType(field.type) : undefined }
}

/**
 * Walks a selection set once, counting root fields, depth and complexity, and stops at the first bound it passes:
 * the walk itself costs at most about as many steps as the bounds allow, whatever the query (fragments spread many
 * times included).
 */
const walkSelections = (walk: Walk, selectionSet: SelectionSetNode, parent: GraphQLNamedType | undefined, depth: number, nesting = 1): void => {
  if (nesting > GRAPHQL_BOUNDS.nesting) {
    walk.refusal = `Selections may nest at most ${GRAPHQL_BOUNDS.nesting} deep, fragments included.`
    return
  }
  for (const selection of selectionSet.selections) {
    if (walk.refusal) return
    if (selection.kind === Kind.FIELD) {
      if (depth === 1 && ++walk.rootFields > GRAPHQL_BOUNDS.rootFields) {
        walk.refusal = `An operation may ask for at most ${GRAPHQL_BOUNDS.rootFields} fields at its root, aliases included.`
        return
      }
      if (depth === 1 && !walk.staff && selection.name.value.startsWith('docAccess')) {
        walk.refusal = "Only staff may ask for a document's permissions."
        return
      }
      // Payload's resolver leaves out every permission that is false, and GraphQL answers the missing non-null
      // `canAccessAdmin` of an anonymous caller or a member with a 500. REST's /access answers them.
      if (depth === 1 && !walk.staff && selection.name.value === 'Access') {
        walk.refusal = 'Only staff may ask for permissions in GraphQL: ask GET /cms-api/access.'
        return
      }
      if (depth > GRAPHQL_BOUNDS.depth) {
        walk.refusal = `Fields may nest at most ${GRAPHQL_BOUNDS.depth} deep.`
        return
      }
      const { cost, type } = ownComplexity(parent, selection.name.value)
      if (depth === 1) {
        walk.documents += documentsOf(selection, type, walk.variables, walk.maxDocuments) + (walk.rootFields > 1 && !walk.staff ? ROOT_FIELD_DOCUMENTS : 0)
        if (walk.documents > walk.maxDocuments) {
          walk.refusal = `An operation may ask for at most ${walk.maxDocuments} documents in all: ask for smaller pages, or page through them.`
          return
        }
      }
      walk.complexity += cost
      if (walk.complexity > walk.maxComplexity) {
        walk.refusal = `The query's complexity is over the limit of ${walk.maxComplexity}: ask for fewer fields or relationships.`
        return
      }
      if (selection.selectionSet) walkSelections(walk, selection.selectionSet, type, depth + 1, nesting + 1)
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      walkSelections(walk, selection.selectionSet, selection.typeCondition ? walk.schema.getType(selection.typeCondition.name.value) ?? undefined : parent, depth, nesting + 1)
    } else {
      const name = selection.name.value
      const fragment = walk.fragments.get(name)
      // An unknown fragment is GraphQL's own validation error.
      if (!fragment) continue
      if (walk.spreading.has(name)) {
        walk.refusal = 'Fragments must not spread each other in a cycle.'
        return
      }
      walk.spreading.add(name)
      walkSelections(walk, fragment.selectionSet, walk.schema.getType(fragment.typeCondition.name.value) ?? undefined, depth, nesting + 1)
      walk.spreading.delete(name)
    }
  }
}

const userOf = (contextValue: unknown): unknown => {
  const req: unknown = typeof contextValue === 'object' && contextValue !== null ? Reflect.get(contextValue, 'req') : undefined
  return typeof req === 'object' && req !== null ? Reflect.get(req, 'user') : undefined
}

/**
 * Bounds every GraphQL operation (API.md, "What no request may do"): at most 20 root fields (aliases count), whose
 * pages hold at most as many documents together as one REST page may (100; staff 1,000), fields nested 6 deep, and a complexity of `staffComplexity` (Payload's `graphQL.maxComplexity`) for staff, 250 for anyone
 * else. For `graphQL.validationRules`, which Payload's GraphQL handler calls per request with the request in
 * `contextValue`.
 *
 * A refused document is reported once and then taken out of the walk that validates it (an `enter` that returns
 * null removes the node): GraphQL runs every rule in that one walk, and one of them (OverlappingFieldsCanBeMerged)
 * compares every pair of fields, which took seconds for a few hundred aliases.
 */
export const boundGraphqlOperations =
  (staffComplexity: number) =>
  (args: ExecutionArgs): ValidationRule =>
  (context) => ({
    Document: {
      enter: (document) => {
        const fragments = new Map(
          document.definitions.flatMap((definition) => (definition.kind === Kind.FRAGMENT_DEFINITION ? [[definition.name.value, definition] as const] : [])),
        )
        const staff = isStaff(userOf(args.contextValue))
        const maxComplexity = staff ? staffComplexity : Math.min(staffComplexity, GRAPHQL_BOUNDS.publicComplexity)
        const maxDocuments = staff ? QUERY_BOUNDS.staffLimit : QUERY_BOUNDS.publicLimit
        const variables = args.variableValues ?? {}
        for (const definition of document.definitions) {
          if (definition.kind !== Kind.OPERATION_DEFINITION) continue
          const schema = context.getSchema()
          const walk: Walk = { schema, fragments, spreading: new Set(), maxComplexity, rootFields: 0, staff, complexity: 0, documents: 0, maxDocuments, variables: withDefaults(definition, variables) }
          walkSelections(walk, definition.selectionSet, schema.getRootType(definition.operation) ?? undefined, 1)
          if (walk.refusal) {
            context.reportError(new GraphQLError(walk.refusal, { nodes: definition }))
            return null
          }
        }
        return undefined
      },
    },
  })
