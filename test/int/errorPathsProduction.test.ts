import { describeErrorPaths } from '../helpers/errorPathCases'

describeErrorPaths('production')
