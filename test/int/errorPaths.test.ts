import { describeErrorPaths } from '../helpers/errorPathCases'

// Frameworks show a stack on their own error pages in development (`npm start`'s default): none may show.
describeErrorPaths('development')
