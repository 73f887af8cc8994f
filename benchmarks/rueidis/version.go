package main

import "runtime/debug"

// rueidisVersion is the rueidis module version this binary was built with, for the report.
func rueidisVersion() string {
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, module := range info.Deps {
			if module.Path == "github.com/redis/rueidis" {
				return module.Version
			}
		}
	}
	return "unknown"
}
