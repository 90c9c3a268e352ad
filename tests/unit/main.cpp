// The Boost.Test entry point for every unit test suite.
#define BOOST_TEST_MODULE pzc
#include <boost/test/unit_test.hpp>
