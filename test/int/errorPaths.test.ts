import { describeErrorPaths } from '../helpers/errorPathCases'

// Express shows a stack on its own error page in development (`npm start`'s default): none may show.
describeErrorPaths('development')
